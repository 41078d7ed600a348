#include "CCacheWarming.h"

void listdiff_warm(const void *start, size_t bytes) {
    const volatile unsigned char *byte = start;
    for (size_t offset = 0; offset < bytes; offset += 64) {
        (void)byte[offset];
    }
}
