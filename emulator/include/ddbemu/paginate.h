// Every page, or every item, of a Query, Scan, ListTables or ListStreams, as a range: the next
// page is requested with the last one's LastEvaluatedKey (LastEvaluatedTableName,
// LastEvaluatedStreamArn) when the loop reaches it, as the AWS SDKs' paginators do.
//
//   auto items = ddbemu::QueryItems(client, {.table_name = "Music",
//                                           .key_condition_expression = "Artist = :a",
//                                           .expression_attribute_values = {{":a", artist}}});
//   for (const ddbemu::Item& item : items) use(item);
//   if (!items.status().ok()) return items.status();  // the error that ended the loop early
//
//   for (const ddbemu::QueryResponse& page : ddbemu::QueryPages(client, request)) ...
//   Result<std::vector<Item>> all = ddbemu::QueryAll(client, request);
//
// A range is a single-pass input range over the client, which must outlive it; each page is
// requested once. A failed call ends the iteration and is kept in status(); the pages and
// items before it were real. Limit applies to each page (DynamoDB's meaning), not to the total.
#pragma once

#include <cstddef>
#include <iterator>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "ddbemu/client.h"
#include "ddbemu/error.h"
#include "ddbemu/streams_client.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace paging {

// How one operation pages: the call, whether a page has a successor, how the next request
// continues from a page, and the elements of a page.
struct Query {
  using ClientType = Client;
  using Request = QueryRequest;
  using Response = QueryResponse;
  static Result<Response> Call(ClientType& c, const Request& r) { return c.Query(r); }
  static bool HasMore(const Response& page) {
    return page.last_evaluated_key && !page.last_evaluated_key->empty();
  }
  static void Continue(const Response& page, Request& next) {
    next.exclusive_start_key = page.last_evaluated_key;
  }
  static const std::vector<Item>& Elements(const Response& page) { return page.items; }
};

struct Scan {
  using ClientType = Client;
  using Request = ScanRequest;
  using Response = ScanResponse;
  static Result<Response> Call(ClientType& c, const Request& r) { return c.Scan(r); }
  static bool HasMore(const Response& page) { return Query::HasMore(page); }
  static void Continue(const Response& page, Request& next) {
    next.exclusive_start_key = page.last_evaluated_key;
  }
  static const std::vector<Item>& Elements(const Response& page) { return page.items; }
};

struct ListTables {
  using ClientType = Client;
  using Request = ListTablesRequest;
  using Response = ListTablesResponse;
  static Result<Response> Call(ClientType& c, const Request& r) { return c.ListTables(r); }
  static bool HasMore(const Response& page) { return page.last_evaluated_table_name.has_value(); }
  static void Continue(const Response& page, Request& next) {
    next.exclusive_start_table_name = page.last_evaluated_table_name;
  }
  static const std::vector<std::string>& Elements(const Response& page) { return page.table_names; }
};

struct ListStreams {
  using ClientType = StreamsClient;
  using Request = ListStreamsRequest;
  using Response = ListStreamsResponse;
  static Result<Response> Call(ClientType& c, const Request& r) { return c.ListStreams(r); }
  static bool HasMore(const Response& page) { return page.last_evaluated_stream_arn.has_value(); }
  static void Continue(const Response& page, Request& next) {
    next.exclusive_start_stream_arn = page.last_evaluated_stream_arn;
  }
  static const std::vector<StreamSummary>& Elements(const Response& page) { return page.streams; }
};

}  // namespace paging

// The pages of one operation (Paging: one of paging::Query, Scan, ListTables, ListStreams).
template <class Paging>
class PageRange {
 public:
  using ClientType = typename Paging::ClientType;
  using Request = typename Paging::Request;
  using Response = typename Paging::Response;

  PageRange(ClientType& client, Request request) : client_(&client), request_(std::move(request)) {}

  class iterator {
   public:
    using value_type = Response;
    using difference_type = std::ptrdiff_t;
    using iterator_concept = std::input_iterator_tag;

    iterator() = default;
    const Response& operator*() const { return *range_->page_; }
    const Response* operator->() const { return &*range_->page_; }
    iterator& operator++() {
      range_->Advance();
      return *this;
    }
    void operator++(int) { ++*this; }
    friend bool operator==(const iterator& it, std::default_sentinel_t) { return it.at_end(); }

   private:
    friend class PageRange;
    explicit iterator(PageRange* range) : range_(range) {}
    bool at_end() const { return range_->done_; }
    PageRange* range_ = nullptr;
  };

  // Requests the first page on the first call; a range is read once.
  iterator begin() {
    if (!started_) Advance();
    return iterator(this);
  }
  std::default_sentinel_t end() const { return {}; }

  // OK while the pages keep coming and once the last one was read; otherwise the error of the
  // call that failed (the iteration stopped there).
  const Status& status() const { return status_; }

 private:
  void Advance() {
    if (done_) return;
    if (started_) {
      if (!Paging::HasMore(*page_)) {
        done_ = true;
        return;
      }
      Paging::Continue(*page_, request_);
    }
    started_ = true;
    Result<Response> next = Paging::Call(*client_, request_);
    if (!next.ok()) {
      status_ = std::move(next).error();
      done_ = true;
      return;
    }
    page_ = std::move(next).value();
  }

  ClientType* client_;
  Request request_;
  std::optional<Response> page_;
  Status status_;
  bool started_ = false;
  bool done_ = false;
};

// The elements of every page of one operation, in order: items of a Query or Scan, table
// names of ListTables, stream summaries of ListStreams. Pages without elements (a filter that
// matched nothing on one page) are passed over.
template <class Paging>
class ElementRange {
 public:
  using Element = std::remove_cvref_t<
      decltype(Paging::Elements(std::declval<const typename Paging::Response&>()).front())>;

  ElementRange(typename Paging::ClientType& client, typename Paging::Request request)
      : pages_(client, std::move(request)) {}

  class iterator {
   public:
    using value_type = Element;
    using difference_type = std::ptrdiff_t;
    using iterator_concept = std::input_iterator_tag;

    iterator() = default;
    const Element& operator*() const { return Paging::Elements(*range_->page_)[range_->index_]; }
    const Element* operator->() const { return &**this; }
    iterator& operator++() {
      ++range_->index_;
      range_->Settle();
      return *this;
    }
    void operator++(int) { ++*this; }
    friend bool operator==(const iterator& it, std::default_sentinel_t) { return it.at_end(); }

   private:
    friend class ElementRange;
    explicit iterator(ElementRange* range) : range_(range) {}
    bool at_end() const { return range_->page_ == std::default_sentinel; }
    ElementRange* range_ = nullptr;
  };

  iterator begin() {
    if (!started_) {
      started_ = true;
      page_ = pages_.begin();
      Settle();
    }
    return iterator(this);
  }
  std::default_sentinel_t end() const { return {}; }

  // As PageRange::status().
  const Status& status() const { return pages_.status(); }

 private:
  // Moves to the next element that exists, across pages.
  void Settle() {
    while (page_ != std::default_sentinel && index_ >= Paging::Elements(*page_).size()) {
      ++page_;
      index_ = 0;
    }
  }

  PageRange<Paging> pages_;
  typename PageRange<Paging>::iterator page_;
  std::size_t index_ = 0;
  bool started_ = false;
};

inline PageRange<paging::Query> QueryPages(Client& client, QueryRequest request) {
  return {client, std::move(request)};
}
inline ElementRange<paging::Query> QueryItems(Client& client, QueryRequest request) {
  return {client, std::move(request)};
}
inline PageRange<paging::Scan> ScanPages(Client& client, ScanRequest request) {
  return {client, std::move(request)};
}
inline ElementRange<paging::Scan> ScanItems(Client& client, ScanRequest request) {
  return {client, std::move(request)};
}
inline PageRange<paging::ListTables> ListTablesPages(Client& client,
                                                     ListTablesRequest request = {}) {
  return {client, std::move(request)};
}
inline ElementRange<paging::ListTables> ListTableNames(Client& client,
                                                       ListTablesRequest request = {}) {
  return {client, std::move(request)};
}
inline PageRange<paging::ListStreams> ListStreamsPages(StreamsClient& client,
                                                       ListStreamsRequest request = {}) {
  return {client, std::move(request)};
}
inline ElementRange<paging::ListStreams> ListStreamSummaries(StreamsClient& client,
                                                             ListStreamsRequest request = {}) {
  return {client, std::move(request)};
}

// Every element of a range in one vector, or the error that stopped it (then nothing).
template <class Paging>
Result<std::vector<typename ElementRange<Paging>::Element>> Collect(ElementRange<Paging> range) {
  std::vector<typename ElementRange<Paging>::Element> all;
  for (const auto& element : range) all.push_back(element);
  if (!range.status().ok()) return range.status().error();
  return all;
}
inline Result<std::vector<Item>> QueryAll(Client& client, QueryRequest request) {
  return Collect(QueryItems(client, std::move(request)));
}
inline Result<std::vector<Item>> ScanAll(Client& client, ScanRequest request) {
  return Collect(ScanItems(client, std::move(request)));
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
