#ifndef SCENETRACE_TIMESTAMP_COUNTER_H
#define SCENETRACE_TIMESTAMP_COUNTER_H

#include <stdint.h>

/// The processor's time-stamp counter (`rdtsc`) on x86-64; 0 elsewhere, where nothing reads it.
/// The recorder's hooks read it in place of the monotonic clock when the kernel keeps its own
/// clock by it, and the writer thread turns the counts into the clock's nanoseconds.
static inline uint64_t scenetrace_timestamp_counter(void) {
#if defined(__x86_64__)
  return __builtin_ia32_rdtsc();
#else
  return 0;
#endif
}

#endif
