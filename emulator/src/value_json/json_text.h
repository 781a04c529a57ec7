// JsonText: JSON text appended to a std::string through a raw cursor. The response of a read
// served over HTTP is almost all the stored items' JSON (value_json/encoded_item_json.h), a few
// bytes of punctuation and one string at a time; std::string's append and push_back check and
// update the string's size on every call, which made the writing of punctuation and short
// strings cost more than the bytes themselves. Here room is made once per string or per group
// of punctuation (Reserve), and the bytes are then stored with no further checks.
//
// The text is gathered in a chunk inside the JsonText (on the caller's stack) and appended to
// the string a chunk at a time, so that the string is never zero-filled ahead of the cursor
// (resizing a std::string fills it; a page of 1 MB would be filled before it is written). Only
// a string longer than the chunk is written in place, after such a fill.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>

#include "ddbemu/version.h"
#endif

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace json_text_internal {

// Whether a byte needs escaping in a JSON string as the Writer writes one.
inline bool NeedsEscape(unsigned char c) { return c < 0x20 || c == '"' || c == '\\'; }

#if defined(__SSE2__)
// Bit i set when byte i of `v` needs escaping.
inline int EscapeMask(__m128i v) {
  // Unsigned v <= 0x1F exactly when min(v, 0x1F) == v.
  const __m128i hit = _mm_or_si128(
      _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))),
      _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1F)), v));
  return _mm_movemask_epi8(hit);
}
#endif

}  // namespace json_text_internal

class JsonText {
 public:
  // Room kept after every Reserve beyond what it asked for: String stores 16 bytes at a time
  // and may store up to 15 bytes past the end of what it writes.
  static constexpr std::size_t kSlack = 32;

  // Appends after `out`'s current contents; `hint`: how many bytes are likely to be written
  // (reserved in `out`, so that appending the chunks does not reallocate it).
  explicit JsonText(std::string& out, std::size_t hint = 0);
  ~JsonText() { Finish(); }
  JsonText(const JsonText&) = delete;
  JsonText& operator=(const JsonText&) = delete;

  // Makes room for `n` more bytes (and kSlack): the unchecked writes below may then store that
  // many.
  void Reserve(std::size_t n) {
    if (static_cast<std::size_t>(end_ - pos_) < n + kSlack) Grow(n);
  }
  // Unchecked writes, after a Reserve that covers them.
  void Put(char c) { *pos_++ = c; }
  void Put(std::string_view s) {
    std::memcpy(pos_, s.data(), s.size());
    pos_ += s.size();
  }
  // A string literal, copied with its length known at compile time (a few moves, no call).
  template <std::size_t N>
  void PutLiteral(const char (&s)[N]) {
    std::memcpy(pos_, s, N - 1);
    pos_ += N - 1;
  }

  // Checked writes.
  void Append(std::string_view s) {
    Reserve(s.size());
    Put(s);
  }
  // `s` as a JSON string, escaped exactly as RapidJSON's Writer escapes it: '"' and '\'
  // escaped, control characters as \b \t \n \f \r or \u00XX (upper-case hex), every other byte
  // (including bytes >= 0x80 and invalid UTF-8) as it is. Strings of up to 32 bytes with
  // nothing to escape (most names and values of an item: names, keys, ids) are written inline,
  // with one or two checks.
  void String(std::string_view s) {
#if defined(__SSE2__)
    if (s.size() <= 32 && static_cast<std::size_t>(end_ - pos_) >= 34 + kSlack && ShortString(s)) {
      return;
    }
#endif
    LongString(s);
  }
  // `bytes` in base64 (standard alphabet, padded) as a JSON string: B and BS values.
  void Base64String(std::string_view bytes);

  // Appends what is left of the text to the string; the JsonText may not be used afterwards.
  void Finish();

 private:
  static constexpr std::size_t kChunk = 2048;

  // Appends the chunk (or trims the string written in place) and makes room for `n` bytes and
  // kSlack: in the chunk when they fit, otherwise in place at the end of the string.
  void Grow(std::size_t n);
  void Flush();
#if defined(__SSE2__)
  // Writes `s` (32 bytes at most, with room for it) when nothing in it needs escaping; false,
  // having written nothing, otherwise.
  bool ShortString(std::string_view s) {
    using json_text_internal::EscapeMask;
    using json_text_internal::NeedsEscape;
    const std::size_t n = s.size();
    const char* p = s.data();
    char* o = pos_;
    if (n >= 16) {  // two overlapping blocks
      const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + n - 16));
      if ((EscapeMask(a) | EscapeMask(b)) != 0) return false;
      _mm_storeu_si128(reinterpret_cast<__m128i*>(o + 1), a);
      _mm_storeu_si128(reinterpret_cast<__m128i*>(o + 1 + n - 16), b);
    } else if (n >= 8) {  // two overlapping words
      std::uint64_t a, b;
      std::memcpy(&a, p, 8);
      std::memcpy(&b, p + n - 8, 8);
      const __m128i v = _mm_set_epi64x(static_cast<long long>(b), static_cast<long long>(a));
      if (EscapeMask(v) != 0) return false;
      std::memcpy(o + 1, &a, 8);
      std::memcpy(o + 1 + n - 8, &b, 8);
    } else if (n >= 4) {
      std::uint32_t a, b;
      std::memcpy(&a, p, 4);
      std::memcpy(&b, p + n - 4, 4);
      const std::uint64_t w = a | (std::uint64_t{b} << 32);
      if ((EscapeMask(_mm_cvtsi64_si128(static_cast<long long>(w))) & 0xFF) != 0) return false;
      std::memcpy(o + 1, &a, 4);
      std::memcpy(o + 1 + n - 4, &b, 4);
    } else if (n > 0) {  // the first, middle and last bytes are all of them
      const auto first = static_cast<unsigned char>(p[0]);
      const auto middle = static_cast<unsigned char>(p[n / 2]);
      const auto last = static_cast<unsigned char>(p[n - 1]);
      if (NeedsEscape(first) || NeedsEscape(middle) || NeedsEscape(last)) return false;
      o[1] = static_cast<char>(first);
      o[1 + n / 2] = static_cast<char>(middle);
      o[n] = static_cast<char>(last);
    }
    o[0] = '"';
    o[n + 1] = '"';
    pos_ = o + n + 2;
    return true;
  }
#endif
  void LongString(std::string_view s);
  void Escape(unsigned char c);

  std::string& out_;
  char* pos_;
  char* end_;
  bool in_place_ = false;  // pos_ points into out_ (room for a long string), not into chunk_
  bool finished_ = false;
  char chunk_[kChunk];
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
