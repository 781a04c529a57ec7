// The Ion-text / JSON reader of data files (see text_tree.h).
#include "ops/transfer/text_tree.h"

#include <cstdint>

#include "value/text_encodings.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer {
namespace {

// Deeper than an item can be (DynamoDB nests 32 levels; a record adds a few): a bound that keeps
// the recursion's stack small whatever the input.
constexpr int kMaxDepth = 48;

bool IsWordChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '$' || c == '.' || c == '+' || c == '-';
}

void AppendUtf8(std::uint32_t cp, std::string* out) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

const TextValue* TextValue::Field(std::string_view name) const {
  for (const auto& [key, value] : fields) {
    if (key == name) return &value;
  }
  return nullptr;
}

bool TextReader::AtEnd() {
  SkipSpace();
  return pos_ >= in_.size();
}

Result<TextValue> TextReader::Next() {
  SkipSpace();
  TextValue value;
  if (Status s = Value(&value, 0); !s.ok()) {
    SkipToNextLine();
    return std::move(s).error();
  }
  return value;
}

Status TextReader::Fail(std::string_view what) const {
  return ApiError::Validation(std::string(what) + " at line " + std::to_string(line_));
}

bool TextReader::Eat(char c) {
  if (pos_ < in_.size() && in_[pos_] == c) {
    ++pos_;
    return true;
  }
  return false;
}

void TextReader::SkipSpace() {
  while (pos_ < in_.size()) {
    const char c = in_[pos_];
    if (c == '\n') {
      ++line_;
      ++pos_;
    } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      ++pos_;
    } else if (c == '/' && pos_ + 1 < in_.size() && in_[pos_ + 1] == '/') {
      while (pos_ < in_.size() && in_[pos_] != '\n') ++pos_;
    } else if (c == '/' && pos_ + 1 < in_.size() && in_[pos_ + 1] == '*') {
      pos_ += 2;
      while (pos_ + 1 < in_.size() && !(in_[pos_] == '*' && in_[pos_ + 1] == '/')) {
        if (in_[pos_] == '\n') ++line_;
        ++pos_;
      }
      pos_ = pos_ + 1 < in_.size() ? pos_ + 2 : in_.size();
    } else {
      return;
    }
  }
}

void TextReader::SkipToNextLine() {
  while (pos_ < in_.size() && in_[pos_] != '\n') ++pos_;
}

Status TextReader::Value(TextValue* out, int depth) {
  if (depth > kMaxDepth) return Fail("Nesting too deep");
  SkipSpace();
  if (pos_ >= in_.size()) return Fail("Unexpected end of input");
  const char c = in_[pos_];
  if (c == '{' && pos_ + 1 < in_.size() && in_[pos_ + 1] == '{') return Blob(out);
  if (c == '{') {
    ++pos_;
    out->kind = TextValue::Kind::kStruct;
    return Container('}', out, depth);
  }
  if (c == '[') {
    ++pos_;
    out->kind = TextValue::Kind::kList;
    return Container(']', out, depth);
  }
  if (c == '"' || (c == '\'' && in_.substr(pos_).starts_with("'''"))) {
    out->kind = TextValue::Kind::kString;
    if (c == '"') {
      ++pos_;
      DDBEMU_RETURN_IF_ERROR(QuotedString('"', &out->text));
    } else {
      DDBEMU_RETURN_IF_ERROR(LongStrings(&out->text));
    }
    // DynamoDB's strings are UTF-8: bytes that are not (\xFF escapes included) are refused.
    if (!IsValidUtf8(out->text)) return Fail("A string is not valid UTF-8");
    return Status::Ok();
  }
  if (c == '\'') {
    ++pos_;
    std::string symbol;
    DDBEMU_RETURN_IF_ERROR(QuotedString('\'', &symbol));
    SkipSpace();
    if (in_.substr(pos_).starts_with("::")) {
      pos_ += 2;
      out->annotations.push_back(std::move(symbol));
      return Value(out, depth + 1);
    }
    out->kind = TextValue::Kind::kSymbol;
    out->text = std::move(symbol);
    return Status::Ok();
  }
  if (IsWordChar(c)) return Word(out, depth);
  return Fail(std::string("Unexpected character '") + c + "'");
}

// A word: a keyword, a number, a symbol, or an annotation (a symbol followed by ::).
Status TextReader::Word(TextValue* out, int depth) {
  const std::size_t start = pos_;
  while (pos_ < in_.size() && IsWordChar(in_[pos_])) ++pos_;
  const std::string_view word = in_.substr(start, pos_ - start);
  const char first = word.front();
  if ((first >= '0' && first <= '9') || first == '-' || first == '+' || first == '.') {
    out->kind = TextValue::Kind::kNumber;
    out->text = std::string(word);
    return Status::Ok();
  }
  SkipSpace();
  if (in_.substr(pos_).starts_with("::")) {
    pos_ += 2;
    out->annotations.emplace_back(word);
    return Value(out, depth + 1);
  }
  if (word == "null" || word.starts_with("null.")) {
    out->kind = TextValue::Kind::kNull;
  } else if (word == "true" || word == "false") {
    out->kind = TextValue::Kind::kBool;
    out->boolean = word == "true";
  } else {
    out->kind = TextValue::Kind::kSymbol;
    out->text = std::string(word);
  }
  return Status::Ok();
}

Status TextReader::Container(char close, TextValue* out, int depth) {
  for (bool first = true;; first = false) {
    SkipSpace();
    if (Eat(close)) return Status::Ok();
    if (!first && !Eat(',')) return Fail(std::string("Expected ',' or '") + close + "'");
    SkipSpace();
    if (!first && Eat(close)) return Status::Ok();  // Ion allows a trailing comma
    if (close == ']') {
      out->items.emplace_back();
      DDBEMU_RETURN_IF_ERROR(Value(&out->items.back(), depth + 1));
      continue;
    }
    TextValue name;
    DDBEMU_RETURN_IF_ERROR(Value(&name, depth + 1));
    if ((name.kind != TextValue::Kind::kString && name.kind != TextValue::Kind::kSymbol) ||
        !name.annotations.empty()) {
      return Fail("A field name is not a string or symbol");
    }
    if (!IsValidUtf8(name.text)) return Fail("A field name is not valid UTF-8");
    SkipSpace();
    if (!Eat(':')) return Fail("Expected ':'");
    out->fields.push_back(TextField{std::move(name.text), TextValue{}});
    DDBEMU_RETURN_IF_ERROR(Value(&out->fields.back().value, depth + 1));
  }
}

Status TextReader::QuotedString(char quote, std::string* out) {
  while (pos_ < in_.size()) {
    const char c = in_[pos_++];
    if (c == quote) return Status::Ok();
    if (c == '\n') {
      --pos_;  // the next record starts on that line
      return Fail("Unterminated string");
    }
    if (c == '\\') {
      DDBEMU_RETURN_IF_ERROR(Escape(out));
    } else {
      out->push_back(c);
    }
  }
  return Fail("Unterminated string");
}

Status TextReader::LongStrings(std::string* out) {
  while (in_.substr(pos_).starts_with("'''")) {
    pos_ += 3;
    for (;;) {
      if (pos_ >= in_.size()) return Fail("Unterminated long string");
      if (in_.substr(pos_).starts_with("'''")) {
        pos_ += 3;
        break;
      }
      const char c = in_[pos_++];
      if (c == '\n') ++line_;
      if (c == '\\') {
        DDBEMU_RETURN_IF_ERROR(Escape(out));
      } else {
        out->push_back(c);
      }
    }
    SkipSpace();
  }
  return Status::Ok();
}

Status TextReader::Escape(std::string* out) {
  if (pos_ >= in_.size()) return Fail("Unterminated escape");
  const char c = in_[pos_++];
  auto hex = [&](int digits) -> Result<std::uint32_t> {
    if (pos_ + digits > in_.size()) return Fail("Bad escape").error();
    std::uint32_t v = 0;
    for (int i = 0; i < digits; ++i) {
      const int d = HexDigit(in_[pos_++]);
      if (d < 0) return Fail("Bad escape").error();
      v = v * 16 + static_cast<std::uint32_t>(d);
    }
    return v;
  };
  switch (c) {
    case 'n':
      out->push_back('\n');
      return Status::Ok();
    case 't':
      out->push_back('\t');
      return Status::Ok();
    case 'r':
      out->push_back('\r');
      return Status::Ok();
    case 'b':
      out->push_back('\b');
      return Status::Ok();
    case 'f':
      out->push_back('\f');
      return Status::Ok();
    case 'v':
      out->push_back('\v');
      return Status::Ok();
    case 'a':
      out->push_back('\a');
      return Status::Ok();
    case '0':
      out->push_back('\0');
      return Status::Ok();
    case '"':
    case '\'':
    case '\\':
    case '/':
    case '?':
      out->push_back(c);
      return Status::Ok();
    case '\n':
      ++line_;
      return Status::Ok();  // Ion: an escaped newline is nothing
    case 'x': {
      DDBEMU_ASSIGN_OR_RETURN(const std::uint32_t v, hex(2));
      AppendUtf8(v, out);
      return Status::Ok();
    }
    case 'U': {
      DDBEMU_ASSIGN_OR_RETURN(const std::uint32_t v, hex(8));
      if (v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) return Fail("Bad escape");
      AppendUtf8(v, out);
      return Status::Ok();
    }
    case 'u': {
      DDBEMU_ASSIGN_OR_RETURN(std::uint32_t v, hex(4));
      if (v >= 0xD800 && v <= 0xDBFF) {  // JSON's surrogate pair
        if (!in_.substr(pos_).starts_with("\\u")) return Fail("Unpaired surrogate");
        pos_ += 2;
        DDBEMU_ASSIGN_OR_RETURN(const std::uint32_t low, hex(4));
        if (low < 0xDC00 || low > 0xDFFF) return Fail("Unpaired surrogate");
        v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00);
      } else if (v >= 0xDC00 && v <= 0xDFFF) {
        return Fail("Unpaired surrogate");
      }
      AppendUtf8(v, out);
      return Status::Ok();
    }
    default:
      return Fail("Bad escape");
  }
}

Status TextReader::Blob(TextValue* out) {
  pos_ += 2;
  out->kind = TextValue::Kind::kBlob;
  while (pos_ < in_.size()) {
    const char c = in_[pos_++];
    if (c == '}') {
      if (!Eat('}')) return Fail("Expected '}}'");
      return Status::Ok();
    }
    if (c == '\n') ++line_;
    if (c != ' ' && c != '\t' && c != '\r' && c != '\n') out->text.push_back(c);
  }
  return Fail("Unterminated blob");
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer
