// libFuzzer's driver, linked by `-sanitize=fuzzer`: runs `callback` on each input it makes.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(
    int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
