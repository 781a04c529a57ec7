// Tag validation with the service's messages (observed on DynamoDB: TagResource and
// CreateTable reject the whole request on the first bad tag and create nothing).
#include "api/table_checks.h"

#include <locale.h>
#include <wctype.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api {
namespace {

// "Number of Tags exceed the current limit": 50 user tags per resource.
constexpr std::size_t kMaxTags = 50;
constexpr std::size_t kMaxKeyLength = 128;  // characters (code points)
constexpr std::size_t kMaxValueLength = 256;

// Classifies non-ASCII characters with glibc's Unicode tables (the C.UTF-8 locale), without
// touching the process's global locale. Absent that locale, non-ASCII is accepted.
class UnicodeClasses {
 public:
  UnicodeClasses() : locale_(newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(nullptr))) {}
  ~UnicodeClasses() {
    if (locale_ != static_cast<locale_t>(nullptr)) freelocale(locale_);
  }
  UnicodeClasses(const UnicodeClasses&) = delete;
  UnicodeClasses& operator=(const UnicodeClasses&) = delete;

  // \p{L}, \p{N} or \p{Z} of the AWS tag pattern ^([\p{L}\p{Z}\p{N}_.:/=+\-@]*)$.
  bool IsLetterDigitOrSpace(std::uint32_t cp) const {
    if (IsSpaceSeparator(cp)) return true;
    if (locale_ == static_cast<locale_t>(nullptr)) return true;
    const auto wc = static_cast<wint_t>(cp);
    return iswalnum_l(wc, locale_) || iswspace_l(wc, locale_);
  }

 private:
  // Unicode Zs/Zl/Zp characters that glibc does not class as spaces (e.g. NO-BREAK SPACE).
  static bool IsSpaceSeparator(std::uint32_t cp) {
    return cp == 0xA0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 ||
           cp == 0x2029 || cp == 0x202F || cp == 0x205F || cp == 0x3000;
  }
  locale_t locale_;
};

// Decodes UTF-8 (validated by the JSON parser) into code points.
std::u32string Decode(std::string_view text) {
  std::u32string out;
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const int extra = lead < 0x80 ? 0 : lead < 0xE0 ? 1 : lead < 0xF0 ? 2 : 3;
    std::uint32_t cp = extra == 0 ? lead : lead & (0x3F >> extra);
    for (int k = 1; k <= extra && i + k < text.size(); ++k) {
      cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    }
    out.push_back(cp);
    i += 1 + extra;
  }
  return out;
}

bool InTagAlphabet(std::string_view text, std::size_t max_length, const UnicodeClasses& classes) {
  const std::u32string cps = Decode(text);
  if (cps.size() > max_length) return false;
  return std::all_of(cps.begin(), cps.end(), [&](std::uint32_t cp) {
    if (cp < 0x80) {
      return std::isalnum(static_cast<int>(cp)) || cp == ' ' || cp == '\t' ||
             std::string_view("_.:/=+-@").find(static_cast<char>(cp)) != std::string_view::npos;
    }
    return classes.IsLetterDigitOrSpace(cp);
  });
}

bool HasAwsPrefix(std::string_view key) {
  if (key.size() < 4) return false;
  std::string prefix(key.substr(0, 4));
  std::transform(prefix.begin(), prefix.end(), prefix.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return prefix == "aws:";
}

Status ValidateTag(const TagRequest& tag, const UnicodeClasses& classes) {
  if (!tag.key) return ApiError::Validation("The Tag Key provided is invalid, Key: null");
  const std::string& key = *tag.key;
  if (key.empty() || !InTagAlphabet(key, kMaxKeyLength, classes)) {
    return ApiError::Validation("The Tag Key provided is invalid, Key: " + key);
  }
  // The reserved prefix is refused in any letter case ("AWS:foo" too).
  if (HasAwsPrefix(key))
    return ApiError::Validation("Tag Key cannot be prefixed with aws:, Key: " + key);
  if (!tag.value) return ApiError::Validation("The Tag Value provided is invalid, Value: null");
  if (!InTagAlphabet(*tag.value, kMaxValueLength, classes)) {
    return ApiError::Validation("The Tag Value provided is invalid, Value: " + *tag.value);
  }
  return Status::Ok();
}

}  // namespace

Status ValidateTags(const std::vector<TagRequest>& tags) {
  if (tags.size() > kMaxTags) {
    return ApiError::Validation(
        "Number of Tags exceed the current limit for the provided ResourceArn");
  }
  const UnicodeClasses classes;
  for (const TagRequest& tag : tags) DDBEMU_RETURN_IF_ERROR(ValidateTag(tag, classes));
  std::set<std::string_view> keys;
  for (const TagRequest& tag : tags) {
    if (!keys.insert(*tag.key).second) {
      return ApiError::Validation("Duplicate Tag Keys provided as input: Duplicate Tag Key found " +
                                  *tag.key);
    }
  }
  return Status::Ok();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api
