#ifndef CCACHEWARMING_H
#define CCACHEWARMING_H

#include <stddef.h>

/// Reads one byte of every 64 from `start` for `bytes`, so that the
/// processor streams the range into its cache before it is used at random.
/// In C because the reads must happen though their values go unused, which
/// Swift cannot say.
void listdiff_warm(const void *start, size_t bytes);

#endif
