#include "CRowScan.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#elif defined(__ARM_NEON)
#include <arm_neon.h>
#endif

/// Each bit set, from the lowest, when an odd number of bits is set at or below it.
static inline uint64_t prefix_xor(uint64_t bits) {
    bits ^= bits << 1;
    bits ^= bits << 2;
    bits ^= bits << 4;
    bits ^= bits << 8;
    bits ^= bits << 16;
    bits ^= bits << 32;
    return bits;
}

static inline int is_break(uint8_t byte) { return byte == 0x0A || byte == 0x0D; }

/// Notes the row starts in `starts` (bits of the 64 bytes at `base`): those
/// outside quotes when `inside` (for a part begun outside) has their bit clear.
static inline void note_starts(uint64_t starts, uint64_t inside, int64_t base, crowscan_found *found) {
    uint64_t outside_starts = starts & ~inside, inside_starts = starts & inside;
    if (outside_starts) {
        if (found->first_start_outside < 0) found->first_start_outside = base + __builtin_ctzll(outside_starts);
        found->rows_outside += __builtin_popcountll(outside_starts);
    }
    if (inside_starts) {
        if (found->first_start_inside < 0) found->first_start_inside = base + __builtin_ctzll(inside_starts);
        found->rows_inside += __builtin_popcountll(inside_starts);
    }
}

#if defined(__SSE2__) || defined(__ARM_NEON)
/// The bits of the 64 bytes at `p` that are `a` or `b`.
static inline uint64_t mask_of(const uint8_t *p, uint8_t a, uint8_t b) {
    uint64_t mask = 0;
    for (int block = 0; block < 4; block++) {
#if defined(__SSE2__)
        __m128i bytes = _mm_loadu_si128((const __m128i *)(p + 16 * block));
        __m128i hits = _mm_or_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8((char)a)), _mm_cmpeq_epi8(bytes, _mm_set1_epi8((char)b)));
        mask |= (uint64_t)(uint16_t)_mm_movemask_epi8(hits) << (16 * block);
#else
        uint8x16_t bytes = vld1q_u8(p + 16 * block);
        uint8x16_t hits = vorrq_u8(vceqq_u8(bytes, vdupq_n_u8(a)), vceqq_u8(bytes, vdupq_n_u8(b)));
        // One bit per byte: each byte's own weight, summed per half.
        static const uint8_t weights[16] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
        uint8x16_t weighted = vandq_u8(hits, vld1q_u8(weights));
        uint64_t low = vaddv_u8(vget_low_u8(weighted)), high = vaddv_u8(vget_high_u8(weighted));
        mask |= (low | high << 8) << (16 * block);
#endif
    }
    return mask;
}
#endif

void crowscan_scan(const uint8_t *bytes, int64_t start, int64_t end, crowscan_state *state, crowscan_found *found) {
    int64_t index = start;
#if defined(__SSE2__) || defined(__ARM_NEON)
    // Inside quotes before each byte, for a part begun outside: all ones when inside now.
    uint64_t carry = state->outside ? 0 : ~(uint64_t)0;
    uint64_t break_before = state->after_break ? 1 : 0;
    while (index + 64 <= end) {
        const uint8_t *p = bytes + index;
        uint64_t quotes = mask_of(p, '"', '"');
        uint64_t breaks = mask_of(p, 0x0A, 0x0D);
        // A row starts at a byte that is not a break after one that is.
        uint64_t starts = ((breaks << 1) | break_before) & ~breaks;
        // Inside quotes before a byte: the quotes below it, odd in number, or the carry flipped by them.
        uint64_t inside = (prefix_xor(quotes) ^ quotes) ^ carry;
        note_starts(starts, inside, index, found);
        if (__builtin_popcountll(quotes) & 1) {
            found->quotes_odd ^= 1;
            carry = ~carry;
        }
        break_before = breaks >> 63;
        index += 64;
    }
    state->outside = carry == 0;
    state->after_break = (int)break_before;
#endif
    for (; index < end; index++) {
        uint8_t byte = bytes[index];
        if (state->after_break && !is_break(byte)) {
            note_starts(1, state->outside ? 0 : 1, index, found);
        }
        if (byte == '"') {
            state->outside = !state->outside;
            found->quotes_odd ^= 1;
        }
        state->after_break = is_break(byte);
    }
}
