// The subset parse; see fast_parse.h. It drives the document through its SAX handler
// (GenericDocument::Populate), the interface RapidJSON's own reader drives it through, with
// the events that reader sends for the same text: String/Key with copy=false for a string
// (in place, its closing quote overwritten by the NUL the reader writes there), Uint for a
// non-negative integer of at most 9 digits (the reader's 32-bit range), Bool, Null, and
// StartObject/EndObject(members), StartArray/EndArray(elements). The document then builds the
// same values in the same allocator. Anything else is refused, never guessed at.
#include "api_json/fast_parse.h"

#include <cstdint>

#ifdef __SSE2__
#include <emmintrin.h>

#endif

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace {

class PlainJsonParser {
 public:
  PlainJsonParser(char* text, std::size_t size, rapidjson::Document& doc)
      : p_(text), end_(text + size), doc_(doc) {}

  // One value and then only whitespace up to the body's end. A NUL byte inside the body stops
  // the parse short of it, and the body is refused.
  //
  // Iterative: a request body is a few nested objects, and a recursive call per container
  // (this frame is large, everything being inlined into it) cost more than the rest of the
  // container's parse. `open` holds the containers not yet closed.
  bool Root() {
    struct Open {
      bool object;
      rapidjson::SizeType count;
    };
    Open open[kMaxPlainJsonDepth];
    std::size_t depth = 0;
    SkipWhitespace();
    for (;;) {
      // A value starts at p_.
      switch (*p_) {
        case '{':
          if (depth == kMaxPlainJsonDepth) return false;  // deeper nesting is refused
          ++p_;
          doc_.StartObject();
          SkipWhitespace();
          if (*p_ == '}') {
            ++p_;
            doc_.EndObject(0);
            break;
          }
          open[depth++] = Open{true, 0};
          if (!MemberName()) return false;
          continue;
        case '[':
          if (depth == kMaxPlainJsonDepth) return false;
          ++p_;
          doc_.StartArray();
          SkipWhitespace();
          if (*p_ == ']') {
            ++p_;
            doc_.EndArray(0);
            break;
          }
          open[depth++] = Open{false, 0};
          continue;
        case '"':
          if (!String(/*key=*/false)) return false;
          break;
        case 't':
          if (!Literal("true", 4)) return false;
          doc_.Bool(true);
          break;
        case 'f':
          if (!Literal("false", 5)) return false;
          doc_.Bool(false);
          break;
        case 'n':
          if (!Literal("null", 4)) return false;
          doc_.Null();
          break;
        default:
          if (!Number()) return false;
      }
      // A value ended: it is the root, or the next member or element of the innermost open
      // container, which then continues (',') or closes (a closed container is itself a value
      // that ended).
      for (;;) {
        SkipWhitespace();
        if (depth == 0) return p_ == end_;
        Open& inner = open[depth - 1];
        ++inner.count;
        if (*p_ == ',') {
          ++p_;
          SkipWhitespace();
          if (inner.object && !MemberName()) return false;
          break;
        }
        if (*p_ != (inner.object ? '}' : ']')) return false;
        ++p_;
        if (inner.object) {
          doc_.EndObject(inner.count);
        } else {
          doc_.EndArray(inner.count);
        }
        --depth;
      }
    }
  }

 private:
  // JSON's whitespace, as RapidJSON skips it.
  void SkipWhitespace() {
    while (*p_ == ' ' || *p_ == '\n' || *p_ == '\r' || *p_ == '\t') ++p_;
  }

  // A member's name, the colon and the whitespace up to its value.
  bool MemberName() {
    if (*p_ != '"' || !String(/*key=*/true)) return false;
    SkipWhitespace();
    if (*p_ != ':') return false;
    ++p_;
    SkipWhitespace();
    return true;
  }

  bool Literal(const char* word, int length) {
    for (int i = 0; i < length; ++i) {
      if (p_[i] != word[i]) return false;  // the body's NUL ends a mismatch in time
    }
    p_ += length;
    return true;
  }

  // From the opening quote. A backslash (an escape), a byte below 0x20 (the NUL after the body
  // included) or above 0x7F (UTF-8, which RapidJSON validates) is outside the subset.
  bool String(bool key) {
    char* const start = p_ + 1;
    char* const end = ScanString(start);
    if (*end != '"') return false;
    *end = '\0';
    p_ = end + 1;
    const auto length = static_cast<rapidjson::SizeType>(end - start);
    return key ? doc_.Key(start, length, false) : doc_.String(start, length, false);
  }

  // The first '"', '\\', byte below 0x20 or byte above 0x7F from `p`: one exists, the NUL
  // after the body.
  static char* ScanString(char* p) {
#ifdef __SSE2__
    // Whole aligned blocks: the buffer is aligned and padded to them (see the header), so a
    // block holding any byte of it lies inside it.
    const std::uintptr_t offset = reinterpret_cast<std::uintptr_t>(p) & 15u;
    char* block = p - offset;
    unsigned bits = SpecialBytes(block) & (0xFFFFu << offset);
    while (bits == 0) {
      block += 16;
      bits = SpecialBytes(block);
    }
    return block + __builtin_ctz(bits);
#else
    while (*p != '"' && *p != '\\' && static_cast<unsigned char>(*p) >= 0x20 &&
           static_cast<unsigned char>(*p) < 0x80) {
      ++p;
    }
    return p;
#endif
  }

#ifdef __SSE2__
  // Bit i: byte i of the aligned block at `block` is '"', '\\', below 0x20 or above 0x7F.
  static unsigned SpecialBytes(const char* block) {
    const __m128i s = _mm_load_si128(reinterpret_cast<const __m128i*>(block));
    const __m128i quote = _mm_cmpeq_epi8(s, _mm_set1_epi8('"'));
    const __m128i backslash = _mm_cmpeq_epi8(s, _mm_set1_epi8('\\'));
    const __m128i limit = _mm_set1_epi8(0x1F);
    // Unsigned s <= 0x1F exactly when max(s, 0x1F) == 0x1F.
    const __m128i control = _mm_cmpeq_epi8(_mm_max_epu8(s, limit), limit);
    // A byte above 0x7F has its own high bit set: s itself joins the mask.
    return static_cast<unsigned>(
        _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quote, backslash), _mm_or_si128(control, s))));
  }
#endif

  // A non-negative integer of 1 to 9 digits without a leading zero, or "0"; not followed by a
  // digit, a fraction or an exponent (those are RapidJSON's to read, or to refuse).
  bool Number() {
    const auto digit = [](char c) { return c >= '0' && c <= '9'; };
    if (!digit(*p_)) return false;
    unsigned value = 0;
    int digits = 0;
    if (*p_ == '0') {
      ++p_;
    } else {
      while (digit(*p_)) {
        if (++digits > 9) return false;
        value = value * 10 + static_cast<unsigned>(*p_ - '0');
        ++p_;
      }
    }
    if (digit(*p_) || *p_ == '.' || *p_ == 'e' || *p_ == 'E') return false;
    return doc_.Uint(value);
  }

  char* p_;
  char* const end_;
  rapidjson::Document& doc_;
};

}  // namespace

bool ParsePlainJsonInsitu(char* text, std::size_t size, rapidjson::Document& doc) {
  PlainJsonParser parser(text, size, doc);
  bool ok = false;
  // Populate takes the root off the document's stack only on success, and clears the stack
  // on every exit.
  auto generate = [&](rapidjson::Document&) { return ok = parser.Root(); };
  doc.Populate(generate);
  return ok;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
