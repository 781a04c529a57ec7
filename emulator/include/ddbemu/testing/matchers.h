// GoogleTest macros and gMock matchers for code that uses ddbemu. Header only, like gtest.h.
//
//   EXPECT_OK(client.PutItem(put));
//   ASSERT_OK_AND_ASSIGN(auto got, client.GetItem(get));
//   EXPECT_THAT(got.item, HasAttributes({{"pk", AttributeValue::S("a")}}));
//   EXPECT_THAT(got.item, HasAttribute("count", AttributeValue::N(3)));
//   EXPECT_EQ(Attr(got.item, "count").as_int64(), 3);
//   EXPECT_THAT(client.PutItem(again), IsApiError(ErrorCode::kConditionalCheckFailed));
//   EXPECT_THAT(client.GetItem(bad), IsApiError(ErrorCode::kValidation, HasSubstr("key")));
//
// A failure prints the error (its exception name and message) and the items in DynamoDB JSON.
// EXPECT_OK, ASSERT_OK and ASSERT_OK_AND_ASSIGN are left alone when something included before
// defines them (Abseil's status matchers have the same names and meanings).
#pragma once

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <string_view>
#include <utility>

#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "ddbemu/flat_map.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace matchers_internal {

inline const ApiError* ErrorOf(const ApiError& e) { return &e; }
inline const ApiError* ErrorOf(const Status& s) { return s.error_or_null(); }
template <class T>
const ApiError* ErrorOf(const Result<T>& r) {
  return r.error_or_null();
}

class IsOkMatcher {
 public:
  template <class T>
  bool MatchAndExplain(const T& result, ::testing::MatchResultListener*) const {
    // The value printed beside it already shows the error.
    return ErrorOf(result) == nullptr;
  }
  void DescribeTo(std::ostream* os) const { *os << "is OK"; }
  void DescribeNegationTo(std::ostream* os) const { *os << "is an error"; }
};

class IsApiErrorMatcher {
 public:
  IsApiErrorMatcher(ErrorCode code, ::testing::Matcher<const std::string&> message)
      : code_(code), message_(std::move(message)) {}

  template <class T>
  bool MatchAndExplain(const T& result, ::testing::MatchResultListener* listener) const {
    const ApiError* error = ErrorOf(result);  // printed beside it, as "OK" or the error
    return error != nullptr && error->code() == code_ &&
           message_.MatchAndExplain(error->message(), listener);
  }
  void DescribeTo(std::ostream* os) const {
    *os << "is " << ApiError(code_, "").short_name() << " with a message that ";
    message_.DescribeTo(os);
  }
  void DescribeNegationTo(std::ostream* os) const {
    *os << "is not " << ApiError(code_, "").short_name() << " with a message that ";
    message_.DescribeTo(os);
  }

 private:
  ErrorCode code_ = ErrorCode::kValidation;
  ::testing::Matcher<const std::string&> message_;
};

class HasAttributesMatcher {
 public:
  explicit HasAttributesMatcher(Item expected) : expected_(std::move(expected)) {}

  bool MatchAndExplain(const Item& item, ::testing::MatchResultListener* listener) const {
    for (const auto& [name, value] : expected_) {
      auto it = item.find(name);
      if (it == item.end()) {
        *listener << "which has no attribute \"" << name << "\"";
        return false;
      }
      if (!(it->second == value)) {
        *listener << "whose \"" << name << "\" is " << it->second;
        return false;
      }
    }
    return true;
  }
  void DescribeTo(std::ostream* os) const { *os << "has the attributes " << expected_; }
  void DescribeNegationTo(std::ostream* os) const {
    *os << "does not have all the attributes " << expected_;
  }

 private:
  Item expected_;
};

class HasAttributeMatcher {
 public:
  HasAttributeMatcher(std::string name, ::testing::Matcher<const AttributeValue&> value)
      : name_(std::move(name)), value_(std::move(value)) {}

  bool MatchAndExplain(const Item& item, ::testing::MatchResultListener* listener) const {
    auto it = item.find(name_);
    if (it == item.end()) {
      *listener << "which has no attribute \"" << name_ << "\"";
      return false;
    }
    *listener << "whose \"" << name_ << "\" is " << it->second;
    return value_.Matches(it->second);
  }
  void DescribeTo(std::ostream* os) const {
    *os << "has an attribute \"" << name_ << "\" that ";
    value_.DescribeTo(os);
  }
  void DescribeNegationTo(std::ostream* os) const {
    *os << "has no attribute \"" << name_ << "\" that ";
    value_.DescribeTo(os);
  }

 private:
  std::string name_;
  ::testing::Matcher<const AttributeValue&> value_;
};

}  // namespace matchers_internal

// A Status, Result<T> or ApiError that succeeded.
inline ::testing::PolymorphicMatcher<matchers_internal::IsOkMatcher> IsOk() {
  return ::testing::MakePolymorphicMatcher(matchers_internal::IsOkMatcher());
}

// A Status, Result<T> or ApiError that failed with `code`, and a message `message` matches (a
// string for equality, or a matcher such as HasSubstr("...")).
inline ::testing::PolymorphicMatcher<matchers_internal::IsApiErrorMatcher> IsApiError(
    ErrorCode code, ::testing::Matcher<const std::string&> message = ::testing::_) {
  return ::testing::MakePolymorphicMatcher(
      matchers_internal::IsApiErrorMatcher(code, std::move(message)));
}

// An Item holding every attribute of `expected`, each equal to it (DynamoDB equality: sets in
// any order); other attributes are allowed.
inline ::testing::PolymorphicMatcher<matchers_internal::HasAttributesMatcher> HasAttributes(
    Item expected) {
  return ::testing::MakePolymorphicMatcher(
      matchers_internal::HasAttributesMatcher(std::move(expected)));
}

// An Item with the attribute `name`, whose value `value` matches (a value for equality, or a
// matcher).
inline ::testing::PolymorphicMatcher<matchers_internal::HasAttributeMatcher> HasAttribute(
    std::string name, ::testing::Matcher<const AttributeValue&> value = ::testing::_) {
  return ::testing::MakePolymorphicMatcher(
      matchers_internal::HasAttributeMatcher(std::move(name), std::move(value)));
}

// The value named `name` in `map` (an Item, an M's members, any FlatMap), for a test that reads
// one it expects: when there is none, a test failure naming it, and a default value to go on
// with, where FlatMap::get's null would crash the test and std::map::at would throw.
//   EXPECT_EQ(Attr(got.item, "count"), AttributeValue::N(3));
template <class V>
const V& Attr(const FlatMap<V>& map, std::string_view name) {
  if (const V* value = map.get(name)) return *value;
  ADD_FAILURE() << "no attribute named \"" << name << "\"";
  static const V absent{};
  return absent;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing

#ifndef EXPECT_OK
#define EXPECT_OK(expr) EXPECT_THAT((expr), ::ddbemu::testing::IsOk())
#endif
#ifndef ASSERT_OK
#define ASSERT_OK(expr) ASSERT_THAT((expr), ::ddbemu::testing::IsOk())
#endif
#ifndef ASSERT_OK_AND_ASSIGN
// `ASSERT_OK_AND_ASSIGN(auto x, result_expr);` binds the value, or fails the test (returning
// from it) with the error printed.
#define ASSERT_OK_AND_ASSIGN(lhs, expr) \
  DDBEMU_ASSERT_OK_AND_ASSIGN_IMPL_(DDBEMU_CONCAT_(ddbemu_assigned_, __LINE__), lhs, expr)
#define DDBEMU_ASSERT_OK_AND_ASSIGN_IMPL_(tmp, lhs, expr)           \
  auto tmp = (expr);                                                \
  ASSERT_TRUE(tmp.ok()) << #expr << " failed with " << tmp.error(); \
  lhs = std::move(tmp).value()
#endif
