// TextTree: one reader for the two text formats of exported and imported data files (Developer
// Guide, "DynamoDB table export output format" and "DynamoDB data import from Amazon S3"): Amazon
// Ion text, and JSON, which is Ion text's subset (every DynamoDB JSON line is an Ion struct of
// strings, booleans and structs). A record is read into a small tree of values; item_file.cc
// turns trees into items. No JSON library: the layers below api_json stay JSON-free
// (tests/layering/check_layers.py), and a hand-written reader of this size is easy to make
// fuzz-proof: any input is a value or an error, never a crash, and nesting is bounded.
//
// What it reads: null and null.TYPE; true, false; integers, decimals (1.5, 15d-1, 1.) and floats
// (1.5e0) as their text; "strings" with JSON's and Ion's escapes, '''long strings''' (adjacent
// ones joined); symbols (identifiers and 'quoted'); blobs {{base64}}; [lists]; {structs} whose
// field names are symbols or strings; annotations (symbol::value); // and /* */ comments. Not
// read: S-expressions, clobs, timestamps (an item never holds them).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ddbemu/error.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer {

struct TextField;

struct TextValue {
  enum class Kind : std::uint8_t { kNull, kBool, kNumber, kString, kSymbol, kBlob, kList, kStruct };
  Kind kind = Kind::kNull;
  bool boolean = false;
  // kNumber: its text as written ("15d-1"); kString and kSymbol: the decoded UTF-8; kBlob: the
  // base64 text between the braces.
  std::string text;
  std::vector<std::string> annotations;
  std::vector<TextValue> items;   // kList
  std::vector<TextField> fields;  // kStruct, in the order written
  // The field `name` of a struct, or null.
  const TextValue* Field(std::string_view name) const;
};

struct TextField {
  std::string name;
  TextValue value;
};

// Reads top-level values one after the other from a text (a JSON-lines or Ion file).
class TextReader {
 public:
  explicit TextReader(std::string_view text) : in_(text) {}

  // Skips whitespace and comments; true when nothing but those is left.
  bool AtEnd();
  // The next top-level value. An error (its message says what and where) leaves the reader on
  // the next line, so the rest of a file can still be read.
  Result<TextValue> Next();
  // The 1-based line the reader is on (for an error's place in the log).
  std::size_t line() const { return line_; }
  // Skips what is left of the line (a record that is not one: "not json" is two Ion symbols,
  // but one bad line of JSON Lines).
  void SkipRestOfLine() { SkipToNextLine(); }
  // Where the reader is in the text (a record's text is what Next() moved over).
  std::size_t offset() const { return pos_; }

 private:
  Status Value(TextValue* out, int depth);
  Status Container(char close, TextValue* out, int depth);
  Status QuotedString(char quote, std::string* out);
  Status LongStrings(std::string* out);
  Status Escape(std::string* out);
  Status Blob(TextValue* out);
  Status Word(TextValue* out, int depth);
  void SkipSpace();
  void SkipToNextLine();
  Status Fail(std::string_view what) const;
  bool Eat(char c);

  std::string_view in_;
  std::size_t pos_ = 0;
  std::size_t line_ = 1;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer
