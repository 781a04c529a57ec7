// The request body's parse (request_body.h). The general parse (ParseRequestBody in
// request_validator.cc) reads the body through a length-bounded stream, validates the UTF-8 of
// every string byte by byte and parses iteratively: about 40 instructions per byte, 9% of the
// server's instructions per request under hrbench's read mix. For a body of ASCII bytes without
// NUL or 0x1A-0x1F and with few '{' and '[' (every SDK's GetItem or Query), three things can
// go:
// - the UTF-8 validation: ASCII bytes are valid UTF-8, so it accepts every string of such a body
//   (what a \u escape decodes to was never validated: HasLoneLowSurrogateEscape covers it);
// - the bounded stream: it reads a NUL byte as the end, as the NUL that ends the in-place copy
//   reads; without NUL bytes in the body both see the same bytes and the same end. In place,
//   strings are left where they are instead of being copied, and RapidJSON's SSE2 scans of
//   unescaped string runs and whitespace apply (a UTF-8 byte order mark is skipped by the
//   stream, not in place: its bytes are not ASCII);
// - the iterative parse: it exists so that the nesting depth cannot exhaust the stack. With at
//   most kMaxRecursiveOpeners '{' and '[' in the body the depth is bounded by that, and the
//   recursive parse (one frame of well under 100 bytes per level) is safe; a body with more
//   parses iteratively, still in place.
// Every other body takes the general parse. request_body_test.cc checks that both parses
// accept the same bodies and build the same documents.
//
// RapidJSON 1.1's SSE2 scan of a string run misses the control bytes 0x1A-0x1F (it tests
// "at most 0x19"), which a string must not hold raw: a body with one takes the general parse
// (request_body_fuzz found it).
// SSE2 is part of x86-64, so the define below always holds there; it is made in this file only
// (the first lines, before any RapidJSON header): its SIMD scans read whole aligned 16-byte
// blocks, which is safe here because the in-place copy is padded to them (RequestBodyScratch).
// The parse functions instantiated here carry a flag bit of their own (kOwnInstantiation), so
// that no other file's instantiation, compiled without SSE2, can be merged with them.
#if defined(__SSE2__) && !defined(RAPIDJSON_SSE2)
#define RAPIDJSON_SSE2
#endif
#include "api_json/request_body.h"

#include <cstring>

#include "api_json/fast_parse.h"
#include "api_json/request_internal.h"
#include "api_json/request_validator.h"

#ifdef __SSE2__
#include <emmintrin.h>

#endif

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace {

// The nesting bound under which the recursive parse runs (see above).
constexpr std::size_t kMaxRecursiveOpeners = 128;

// A parse flag RapidJSON does not define (it tests only its own bits): it gives the template
// instantiations of this file names of their own.
constexpr unsigned kOwnInstantiation = 1u << 24;

}  // namespace

char* RequestBodyScratch::Copy(std::string_view body) {
  const std::size_t size = (body.size() / 16 + 1) * 16;  // room for the NUL, whole blocks
  char* out = inline_;
  if (size > kInlineBytes) {
    heap_.reset(new char[size]);  // operator new[] aligns to 16 bytes on x86-64
    out = heap_.get();
  }
  std::memcpy(out, body.data(), body.size());
  std::memset(out + body.size(), 0, size - body.size());
  return out;
}

BodyShape ScanBody(std::string_view body) {
  const auto* p = reinterpret_cast<const unsigned char*>(body.data());
  const std::size_t n = body.size();
#ifdef __SSE2__
  if (n >= 16) {
    const __m128i zero = _mm_setzero_si128();
    const __m128i brace = _mm_set1_epi8('{');
    const __m128i bracket = _mm_set1_epi8('[');
    __m128i odd = zero;    // a lane's high bit: a byte with its high bit set, or a NUL
    __m128i count = zero;  // per lane, the openers seen (mod 256: summed every 255 blocks)
    std::size_t openers = 0, blocks = 0;
    const auto sum = [&] {
      const __m128i sums = _mm_sad_epu8(count, zero);
      openers += static_cast<std::size_t>(_mm_cvtsi128_si32(sums)) +
                 static_cast<std::size_t>(_mm_cvtsi128_si32(_mm_srli_si128(sums, 8)));
      count = zero;
      blocks = 0;
    };
    const __m128i low_controls = _mm_set1_epi8(0x1A);
    const __m128i five = _mm_set1_epi8(5);
    const auto block = [&](__m128i s) {
      // 0x1A..0x1F: s - 0x1A is at most 5 (unsigned) exactly for them.
      const __m128i from_1a = _mm_sub_epi8(s, low_controls);
      const __m128i control = _mm_cmpeq_epi8(_mm_min_epu8(from_1a, five), from_1a);
      odd = _mm_or_si128(odd, _mm_or_si128(_mm_or_si128(s, _mm_cmpeq_epi8(s, zero)), control));
      const __m128i open = _mm_or_si128(_mm_cmpeq_epi8(s, brace), _mm_cmpeq_epi8(s, bracket));
      count = _mm_sub_epi8(count, open);  // a match is -1
      if (++blocks == 255) sum();
    };
    std::size_t i = 0;
    for (; i + 16 <= n; i += 16) block(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i)));
    if (i < n) {
      // The last 16 bytes, with the lanes already seen replaced by a neutral 'a'.
      static constexpr signed char kFresh[32] = {0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
                                                 0,  0,  0,  0,  0,  -1, -1, -1, -1, -1, -1,
                                                 -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
      const __m128i fresh = _mm_loadu_si128(reinterpret_cast<const __m128i*>(kFresh + (n - i)));
      const __m128i s = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + n - 16));
      block(_mm_or_si128(_mm_and_si128(fresh, s), _mm_andnot_si128(fresh, _mm_set1_epi8('a'))));
    }
    sum();
    return BodyShape{_mm_movemask_epi8(odd) == 0, openers};
  }
#endif
  unsigned odd = 0;  // a high bit or a NUL seen
  std::size_t openers = 0;
  for (std::size_t i = 0; i < n; ++i) {
    odd |= (p[i] & 0x80u) | (p[i] == 0 || (p[i] >= 0x1A && p[i] <= 0x1F) ? 1u : 0u);
    openers += (p[i] == '{' || p[i] == '[') ? 1 : 0;
  }
  return BodyShape{odd == 0, openers};
}

Status ParseRequestBody(std::string_view body, RequestBodyScratch& scratch,
                        rapidjson::Document& doc) {
  // The subset parse first (fast_parse.h): it accepts only plain bodies (ASCII, no NUL
  // or control byte) of bounded depth, with no backslash, so no escape for
  // HasLoneLowSurrogateEscape to find; what it accepts, RapidJSON would parse the same.
  char* text = scratch.Copy(body);
  if (ParsePlainJsonInsitu(text, body.size(), doc)) return Status::Ok();
  const BodyShape shape = ScanBody(body);
  if (!shape.plain) return ParseRequestBody(body, doc);
  text = scratch.Copy(body);  // the subset parse may have written into the copy
  if (shape.openers <= kMaxRecursiveOpeners) {
    doc.ParseInsitu<kOwnInstantiation>(text);
  } else {
    doc.ParseInsitu<kOwnInstantiation | rapidjson::kParseIterativeFlag>(text);
  }
  if (doc.HasParseError() || request_internal::HasLoneLowSurrogateEscape(body)) {
    return ApiError::Serialization("");
  }
  return Status::Ok();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
