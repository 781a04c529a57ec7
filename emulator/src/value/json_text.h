// JsonText: JSON text appended to a std::string through a raw cursor. The response of a read
// served over HTTP is almost all the stored items' JSON (value_json/encoded_item_json.h), a few
// bytes of punctuation and one string at a time; std::string's append and push_back check and
// update the string's size on every call, which made the writing of punctuation and short
// strings cost more than the bytes themselves. Here room is made once per string or per group
// of punctuation (Reserve), and the bytes are then stored with no further checks.
//
// The string is grown (and zero-filled) ahead of the cursor while a JsonText is writing; its
// size is trimmed back to what was written when the JsonText goes (or at Finish).
#pragma once

#include <cstddef>
#include <cstring>
#include <string>
#include <string_view>

namespace ddbemu {

class JsonText {
 public:
  // Room kept after every Reserve beyond what it asked for: String stores 16 bytes at a time
  // and may store up to 15 bytes past the end of what it writes.
  static constexpr std::size_t kSlack = 32;

  // Appends after `out`'s current contents; `hint`: how many bytes are likely to be written.
  explicit JsonText(std::string& out, std::size_t hint = 0);
  ~JsonText() { Finish(); }
  JsonText(const JsonText&) = delete;
  JsonText& operator=(const JsonText&) = delete;

  // Makes room for `n` more bytes (and kSlack): the unchecked writes below may then store that
  // many.
  void Reserve(std::size_t n) {
    if (static_cast<std::size_t>(end_ - pos_) < n + kSlack) Grow(n + kSlack);
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
  // (including bytes >= 0x80 and invalid UTF-8) as it is.
  void String(std::string_view s);
  // `bytes` in base64 (standard alphabet, padded) as a JSON string: B and BS values.
  void Base64String(std::string_view bytes);

  // How many bytes this JsonText has written so far.
  std::size_t written() const { return static_cast<std::size_t>(pos_ - base_()) - start_; }
  // Drops what was written after `mark` (a value of written()).
  void Truncate(std::size_t mark) { pos_ = base_() + start_ + mark; }
  // Trims the string to what was written; the JsonText may not be used afterwards.
  void Finish();

 private:
  char* base_() const { return out_.data(); }
  void Grow(std::size_t n);
  void Escape(unsigned char c);

  std::string& out_;
  std::size_t start_;  // out_'s size when this JsonText began
  char* pos_;
  char* end_;
  bool finished_ = false;
};

}  // namespace ddbemu
