// JsonText (see json_text.h): the cursor's growth, and the JSON string writer that scans and
// copies 16 bytes at a time.
#include "value_json/json_text.h"

#include <algorithm>
#include <cstdint>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace {

std::uint64_t Load8(const char* p) {
  std::uint64_t w;
  std::memcpy(&w, p, sizeof w);
  return w;
}

std::uint64_t Load4(const char* p) {
  std::uint32_t w;
  std::memcpy(&w, p, sizeof w);
  return w;
}

#if !defined(__SSE2__)
// Whether any of the eight bytes of `w` is a control character, '"' or '\\' (the classic
// "has a zero byte" and "has a byte less than n" word tricks, exact for "any byte"). Bytes
// >= 0x80 are never flagged, as the Writer copies them unchanged.
bool NeedsEscape(std::uint64_t w) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
  constexpr std::uint64_t kHigh = 0x8080808080808080ULL;
  const std::uint64_t below_space = (w - kOnes * 0x20) & ~w & kHigh;
  const std::uint64_t quote = w ^ (kOnes * '"');
  const std::uint64_t backslash = w ^ (kOnes * '\\');
  const std::uint64_t has_quote = (quote - kOnes) & ~quote & kHigh;
  const std::uint64_t has_backslash = (backslash - kOnes) & ~backslash & kHigh;
  return (below_space | has_quote | has_backslash) != 0;
}
#endif

using json_text_internal::NeedsEscape;
#if defined(__SSE2__)
using json_text_internal::EscapeMask;
#endif

constexpr char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

}  // namespace

JsonText::JsonText(std::string& out, std::size_t hint)
    : out_(out), pos_(chunk_), end_(chunk_ + kChunk) {
  out_.reserve(out_.size() + hint);
}

void JsonText::Flush() {
  if (in_place_) {
    out_.resize(static_cast<std::size_t>(pos_ - out_.data()));
    in_place_ = false;
  } else {
    out_.append(chunk_, static_cast<std::size_t>(pos_ - chunk_));
  }
  pos_ = chunk_;
  end_ = chunk_ + kChunk;
}

void JsonText::Grow(std::size_t n) {
  Flush();
  if (n + kSlack <= kChunk) return;
  const std::size_t used = out_.size();
  out_.resize(used + n + kSlack);
  pos_ = out_.data() + used;
  end_ = out_.data() + out_.size();
  in_place_ = true;
}

void JsonText::Finish() {
  if (finished_) return;
  finished_ = true;
  Flush();
}

void JsonText::Escape(unsigned char c) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  *pos_++ = '\\';
  switch (c) {
    case '"':
    case '\\':
      *pos_++ = static_cast<char>(c);
      return;
    case '\b':
      *pos_++ = 'b';
      return;
    case '\t':
      *pos_++ = 't';
      return;
    case '\n':
      *pos_++ = 'n';
      return;
    case '\f':
      *pos_++ = 'f';
      return;
    case '\r':
      *pos_++ = 'r';
      return;
    default:
      PutLiteral("u00");
      *pos_++ = kHex[c >> 4];
      *pos_++ = kHex[c & 15];
  }
}

// Plain bytes are copied in blocks: 16 at a time (stored whole, even past the first byte that
// needs escaping, which the next store overwrites: Reserve's slack takes the excess), then the
// last 1 to 15 with one check (see below), then byte by byte only where an escape is near.
// Nothing is read outside `s`. Most strings of an item (names, keys, short values) are under
// 16 bytes and take only the one check.
void JsonText::LongString(std::string_view s) {
  Reserve(s.size() + 2);
  const char* p = s.data();
  const char* const end = p + s.size();
  char* o = pos_;
  *o++ = '"';
  // Where the bytes copied unchanged since the last escape begin (the SSE2 tail uses it).
  [[maybe_unused]] const char* run = p;
  for (;;) {
#if defined(__SSE2__)
    bool found = false;
    while (end - p >= 16) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(o), v);
      const int mask = EscapeMask(v);
      if (mask != 0) {
        const int k = __builtin_ctz(static_cast<unsigned>(mask));
        p += k;
        o += k;
        found = true;
        break;
      }
      p += 16;
      o += 16;
    }
#else
    bool found = false;
    while (end - p >= 16) {
      const std::uint64_t a = Load8(p);
      const std::uint64_t b = Load8(p + 8);
      if (NeedsEscape(a) || NeedsEscape(b)) break;
      std::memcpy(o, &a, 8);
      std::memcpy(o + 8, &b, 8);
      p += 16;
      o += 16;
    }
#endif
    if (!found) {
      const std::size_t rest = static_cast<std::size_t>(end - p);
#if defined(__SSE2__)
      // The last 1 to 15 bytes, checked in one register: the last 16 bytes when they all
      // belong to the run copied since the last escape (stored over the output of the bytes
      // already copied, which they repeat), otherwise two overlapping words (or bytes).
      if (rest > 0 && end - run >= 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(end - 16));
        if (EscapeMask(v) == 0) {
          _mm_storeu_si128(reinterpret_cast<__m128i*>(o - (16 - rest)), v);
          o += rest;
          break;
        }
      } else if (rest >= 8) {
        const std::uint64_t a = Load8(p);
        const std::uint64_t b = Load8(end - 8);
        if (EscapeMask(_mm_set_epi64x(static_cast<long long>(b), static_cast<long long>(a))) == 0) {
          std::memcpy(o, &a, 8);
          std::memcpy(o + rest - 8, &b, 8);
          o += rest;
          break;
        }
      } else if (rest >= 4) {
        const std::uint64_t a = Load4(p) | (Load4(end - 4) << 32);
        if ((EscapeMask(_mm_cvtsi64_si128(static_cast<long long>(a))) & 0xFF) == 0) {
          std::memcpy(o, p, 4);
          std::memcpy(o + rest - 4, end - 4, 4);
          o += rest;
          break;
        }
      } else if (rest > 0) {
        const auto first = static_cast<unsigned char>(p[0]);
        const auto middle = static_cast<unsigned char>(p[rest / 2]);
        const auto last = static_cast<unsigned char>(end[-1]);
        if (!NeedsEscape(first) && !NeedsEscape(middle) && !NeedsEscape(last)) {
          o[0] = static_cast<char>(first);
          o[rest / 2] = static_cast<char>(middle);
          o[rest - 1] = static_cast<char>(last);
          o += rest;
          break;
        }
      }
#else
      if (rest >= 8 && rest < 16) {
        const std::uint64_t a = Load8(p);
        const std::uint64_t b = Load8(end - 8);
        if (!NeedsEscape(a) && !NeedsEscape(b)) {
          std::memcpy(o, &a, 8);
          std::memcpy(o + rest - 8, &b, 8);
          o += rest;
          break;
        }
      } else if (rest >= 4 && rest < 8) {
        const std::uint64_t a = Load4(p);
        const std::uint64_t b = Load4(end - 4);
        // Both halves in one word: the test looks at each byte alone.
        if (!NeedsEscape(a | (b << 32))) {
          std::memcpy(o, p, 4);
          std::memcpy(o + rest - 4, end - 4, 4);
          o += rest;
          break;
        }
      }
#endif
      while (p < end && !NeedsEscape(static_cast<unsigned char>(*p))) *o++ = *p++;
      if (p == end) break;
    }
    // *p needs escaping: room for its six bytes and the rest as if plain.
    pos_ = o;
    Reserve(static_cast<std::size_t>(end - p) + 7);
    Escape(static_cast<unsigned char>(*p++));
    o = pos_;
    run = p;
  }
  *o++ = '"';
  pos_ = o;
}

void JsonText::Base64String(std::string_view bytes) {
  Reserve((bytes.size() + 2) / 3 * 4 + 2);
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
  std::size_t n = bytes.size();
  char* o = pos_;
  *o++ = '"';
  for (; n >= 3; n -= 3, p += 3) {
    const std::uint32_t v = (std::uint32_t{p[0]} << 16) | (std::uint32_t{p[1]} << 8) | p[2];
    o[0] = kBase64[v >> 18];
    o[1] = kBase64[(v >> 12) & 63];
    o[2] = kBase64[(v >> 6) & 63];
    o[3] = kBase64[v & 63];
    o += 4;
  }
  if (n > 0) {
    const std::uint32_t v = (std::uint32_t{p[0]} << 16) | (n == 2 ? std::uint32_t{p[1]} << 8 : 0);
    o[0] = kBase64[v >> 18];
    o[1] = kBase64[(v >> 12) & 63];
    o[2] = n == 2 ? kBase64[(v >> 6) & 63] : '=';
    o[3] = '=';
    o += 4;
  }
  *o++ = '"';
  pos_ = o;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
