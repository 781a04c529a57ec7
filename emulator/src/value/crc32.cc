// CRC32 (zlib's polynomial): carry-less multiplication (PCLMULQDQ) folds the bulk of a body 64
// bytes at a time where the CPU has it, and a byte table the last few bytes; zlib takes the
// bodies under 64 bytes and any body on a CPU without it.
// (Debian's zlib computes CRC32 with tables, a few bytes per cycle: the CRC of each response
// was 2.5% of the server's CPU under hrbench's read mix.)
#include "value/digests.h"

#include <zlib.h>

#include <algorithm>
#include <array>
#include <cstddef>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

#define DDBEMU_CRC32_PCLMUL 1
#endif

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace {

// zlib's crc32() over any length (it takes a uInt: larger bodies go in pieces).
std::uint32_t ZlibCrc32(std::uint32_t crc, const unsigned char* data, std::size_t size) {
  uLong c = crc;
  while (size > 0) {
    const auto chunk = static_cast<uInt>(std::min<std::size_t>(size, 1u << 30));
    c = crc32(c, data, chunk);
    data += chunk;
    size -= chunk;
  }
  return static_cast<std::uint32_t>(c);
}

#ifdef DDBEMU_CRC32_PCLMUL

// The bytes left after folding (fewer than 16), a byte at a time with a table of the reflected
// polynomial 0xEDB88320: for so few bytes a call into zlib costs more than the bytes.
constexpr auto kByteTable = [] {
  std::array<std::uint32_t, 256> table{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t c = i;
    for (int bit = 0; bit < 8; ++bit) c = (c & 1) ? (c >> 1) ^ 0xEDB88320u : c >> 1;
    table[i] = c;
  }
  return table;
}();

// `crc` is zlib's (not inverted), as ZlibCrc32 takes it.
std::uint32_t TailCrc32(std::uint32_t crc, const unsigned char* data, std::size_t size) {
  std::uint32_t c = ~crc;
  for (std::size_t i = 0; i < size; ++i) c = kByteTable[(c ^ data[i]) & 0xFF] ^ (c >> 8);
  return ~c;
}

// Below this, zlib's tables are as fast as setting up the folding.
constexpr std::size_t kMinFoldBytes = 64;

// Intel's "Fast CRC Computation for Generic Polynomials Using PCLMULQDQ Instruction" (2009),
// for the bit-reflected polynomial 0x104C11DB7: x^k mod P(x) for the fold distances (512 and
// 576 bits for four lanes, 128 and 192 bits for one, 64 and 96 for the last fold), and the
// Barrett reduction's P'(x) and u = floor(x^64 / P(x)), all bit-reflected.
constexpr long long kFold4Lo = 0x154442bd4, kFold4Hi = 0x1c6e41596;
constexpr long long kFold1Lo = 0x1751997d0, kFold1Hi = 0x0ccaa009e;
constexpr long long kFold32 = 0x163cd6124;
constexpr long long kPoly = 0x1db710641, kMu = 0x1f7011641;

// The folding steps, inlined into the two FoldBlocks below, which are compiled for SSE4.1 and
// for AVX: the same instructions, VEX-encoded in the latter, whose three operands spare the
// register copies and take the loads into the XORs (some 20 instructions per 64 bytes
// instead of 36: this runs over every response body).
#define DDBEMU_FOLD_INLINE __attribute__((target("pclmul,sse4.1"), always_inline)) inline

DDBEMU_FOLD_INLINE __m128i Fold(__m128i x, __m128i k) {
  return _mm_xor_si128(_mm_clmulepi64_si128(x, k, 0x00), _mm_clmulepi64_si128(x, k, 0x11));
}

DDBEMU_FOLD_INLINE __m128i Load(const unsigned char* p) {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}

// The four lanes folded over the next 64 bytes at `p`.
DDBEMU_FOLD_INLINE void Fold64(const unsigned char* p, __m128i k4, __m128i& x1, __m128i& x2,
                               __m128i& x3, __m128i& x4) {
  x1 = _mm_xor_si128(Fold(x1, k4), Load(p));
  x2 = _mm_xor_si128(Fold(x2, k4), Load(p + 16));
  x3 = _mm_xor_si128(Fold(x3, k4), Load(p + 32));
  x4 = _mm_xor_si128(Fold(x4, k4), Load(p + 48));
}

// The CRC register (`crc` as zlib keeps it inside, inverted) after `*data`'s whole 16-byte
// blocks; `*size` >= 64. Advances `*data` and leaves in `*size` the bytes not folded (< 16).
DDBEMU_FOLD_INLINE std::uint32_t FoldBlocksBody(std::uint32_t crc, const unsigned char** data,
                                                std::size_t* size) {
  const unsigned char* p = *data;
  std::size_t n = *size;
  __m128i x1 = _mm_xor_si128(Load(p), _mm_cvtsi32_si128(static_cast<int>(crc)));
  __m128i x2 = Load(p + 16), x3 = Load(p + 32), x4 = Load(p + 48);
  p += 64;
  n -= 64;
  const __m128i k4 = _mm_set_epi64x(kFold4Hi, kFold4Lo);
  // 128 bytes per turn: half the loop's own instructions.
  for (; n >= 128; p += 128, n -= 128) {
    Fold64(p, k4, x1, x2, x3, x4);
    Fold64(p + 64, k4, x1, x2, x3, x4);
  }
  if (n >= 64) {
    Fold64(p, k4, x1, x2, x3, x4);
    p += 64;
    n -= 64;
  }
  const __m128i k1 = _mm_set_epi64x(kFold1Hi, kFold1Lo);
  x1 = _mm_xor_si128(Fold(x1, k1), x2);
  x1 = _mm_xor_si128(Fold(x1, k1), x3);
  x1 = _mm_xor_si128(Fold(x1, k1), x4);
  for (; n >= 16; p += 16, n -= 16) x1 = _mm_xor_si128(Fold(x1, k1), Load(p));
  // 128 bits to 64 (appending 32 zero bits), then to the 32 of the register.
  x1 = _mm_xor_si128(_mm_srli_si128(x1, 8), _mm_clmulepi64_si128(k1, x1, 0x01));
  const __m128i mask32 = _mm_set_epi32(0, 0, 0, -1);
  const __m128i k32 = _mm_set_epi64x(0, kFold32);
  __m128i low = _mm_and_si128(x1, mask32);
  x1 = _mm_xor_si128(_mm_srli_si128(x1, 4), _mm_clmulepi64_si128(low, k32, 0x00));
  // Barrett reduction.
  const __m128i poly = _mm_set_epi64x(kMu, kPoly);
  low = _mm_and_si128(_mm_clmulepi64_si128(_mm_and_si128(x1, mask32), poly, 0x10), mask32);
  x1 = _mm_xor_si128(x1, _mm_clmulepi64_si128(low, poly, 0x00));
  *data = p;
  *size = n;
  return static_cast<std::uint32_t>(_mm_extract_epi32(x1, 1));
}

__attribute__((target("pclmul,sse4.1"))) std::uint32_t FoldBlocksSse(std::uint32_t crc,
                                                                     const unsigned char** data,
                                                                     std::size_t* size) {
  return FoldBlocksBody(crc, data, size);
}

__attribute__((target("pclmul,avx"))) std::uint32_t FoldBlocksAvx(std::uint32_t crc,
                                                                  const unsigned char** data,
                                                                  std::size_t* size) {
  return FoldBlocksBody(crc, data, size);
}

#undef DDBEMU_FOLD_INLINE

// Reads the CPU model libgcc filled in at start-up: no cpuid per call.
bool HasPclmul() { return __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sse4.1"); }
bool HasAvx() { return __builtin_cpu_supports("avx"); }

#endif  // DDBEMU_CRC32_PCLMUL

}  // namespace

std::uint32_t Crc32(std::string_view bytes) {
  std::uint32_t crc = 0;
  (void)Crc32With(Crc32Kernel::kBest, bytes, &crc);  // kBest always has a way
  return crc;
}

bool Crc32With(Crc32Kernel kernel, std::string_view bytes, std::uint32_t* crc) {
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  std::size_t size = bytes.size();
  std::uint32_t c = 0;
#ifdef DDBEMU_CRC32_PCLMUL
  const bool sse = HasPclmul(), avx = sse && HasAvx();
  if ((kernel == Crc32Kernel::kSse && !sse) || (kernel == Crc32Kernel::kAvx && !avx)) {
    return false;
  }
  if (size >= kMinFoldBytes && kernel != Crc32Kernel::kZlib && sse) {
    // zlib's CRC is the register inverted before and after.
    const bool use_avx = avx && kernel != Crc32Kernel::kSse;
    c = use_avx ? ~FoldBlocksAvx(~c, &data, &size) : ~FoldBlocksSse(~c, &data, &size);
    *crc = TailCrc32(c, data, size);
    return true;
  }
#else
  if (kernel == Crc32Kernel::kSse || kernel == Crc32Kernel::kAvx) return false;
#endif
  *crc = ZlibCrc32(c, data, size);
  return true;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
