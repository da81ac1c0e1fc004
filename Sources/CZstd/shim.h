#ifndef SCENETRACE_CZSTD_SHIM_H
#define SCENETRACE_CZSTD_SHIM_H

#include <zstd.h>
#include <zstd_errors.h>

#endif
