#ifndef CROWSCAN_H
#define CROWSCAN_H

#include <stdint.h>

/// Where a CSV part's scan is between two calls: whether the byte before is
/// a line break, and whether the scan is outside quotes (for a part that
/// began outside them; the other answer is the opposite throughout).
typedef struct {
    int after_break;
    int outside;
} crowscan_state;

/// What the scan of a part found so far, for each answer to whether the part
/// began inside quotes: its first row start (-1 for none) and its row starts;
/// and whether its quotes are odd in number.
typedef struct {
    int64_t first_start_outside;
    int64_t rows_outside;
    int64_t first_start_inside;
    int64_t rows_inside;
    int quotes_odd;
} crowscan_found;

/// Scans bytes `start..<end` of `bytes` for row starts: places after a line
/// break (LF or CR) whose byte is not one, counted by whether they are
/// inside quotes. Sixty-four bytes at a time with SSE2 or NEON (their quotes
/// and line breaks as bit masks, the quotes' parity by a prefix XOR), else
/// a byte at a time. In C because Swift has no way to turn a vector
/// comparison into a bit mask, which a byte's visit per quote and line
/// break cost a sixth of a large CSV load.
void crowscan_scan(const uint8_t *bytes, int64_t start, int64_t end, crowscan_state *state, crowscan_found *found);

#endif
