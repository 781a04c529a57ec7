// The audit's fast paths against the general ones they stand for: keys read in place from
// encoded items hash and label as the decoded Item's do (read_keys.h); a raw form found again
// gives the shapes normalising every request gives (raw_shape.h); and the recorder tells when
// no write is recent, the case in which reads need no item hashes (AccessAudit::Record finds
// the same without them).
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "audit/access_audit.h"
#include "audit/observation_parts.h"
#include "audit/raw_shape.h"
#include "audit/read_keys.h"
#include "audit/request_shape.h"
#include "ddbemu/clock.h"
#include "ddbemu/database.h"
#include "value/item_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit {
namespace audit_fast_paths_test {

TableSchema Schema(bool sort_key) {
  TableSchema schema;
  schema.name = "hr";
  schema.partition_key = {"PK", AttributeType::kS};
  if (sort_key) schema.sort_key = KeyAttribute{"SK", AttributeType::kN};
  IndexSchema gsi;
  gsi.name = "G";
  gsi.partition_key = {{"G1", AttributeType::kS}, {"G2", AttributeType::kB}};
  schema.indexes.push_back(gsi);
  return schema;
}

// Items with S, N and B keys among other attributes; some lack G2, some SK (not the first).
std::vector<Item> Items(int n) {
  std::vector<Item> items;
  for (int i = 0; i < n; ++i) {
    Item item{{"PK", AttributeValue::S("ORG#" + std::to_string(i % 3))},
              {"A", AttributeValue::M({{"x", AttributeValue::N("1")}})},
              {"G1", AttributeValue::S(i % 2 ? "quote\"d" : "EMAIL#" + std::to_string(i))},
              {"name", AttributeValue::S("Ada")},
              {"tags", AttributeValue::SS({"p", "q"})}};
    if (i % 5 != 1) item.emplace("G2", AttributeValue::B(std::string("\x00\xff", 2) + char(i)));
    if (i % 7 != 3) item.emplace("SK", AttributeValue::N(std::to_string(i * 10) + ".5"));
    items.push_back(std::move(item));
  }
  return items;
}

api::ReadResponse Encoded(const std::vector<Item>& items) {
  api::ReadResponse response;
  for (const Item& item : items) {
    const std::size_t before = response.encoded_items.size();
    itemcodec::EncodeItem(item, &response.encoded_items);
    response.encoded_item_sizes.push_back(
        static_cast<std::uint32_t>(response.encoded_items.size() - before));
  }
  return response;
}

std::string Label(const KeyRef& key) {
  std::string out;
  WriteKeyLabel(key, out);
  return out;
}

TEST(ReadKeys, EncodedKeysHashAndLabelAsTheDecodedItemsDo) {
  for (bool sort_key : {true, false}) {
    const TableSchema schema = Schema(sort_key);
    const std::vector<Item> items = Items(130);
    const api::ReadResponse encoded = Encoded(items);
    api::ReadResponse decoded;
    decoded.items = items;
    std::vector<std::uint64_t> expected;  // the general path: ItemHash of each Item
    for (std::size_t i = 0; i < ReadKeys::kMaxItems; ++i) {
      if (std::uint64_t h = ItemHash("ns", schema, items[i])) expected.push_back(h);
    }
    ASSERT_GT(expected.size(), 50u);
    for (std::span<const KeyAttribute> partition :
         {std::span<const KeyAttribute>(&schema.partition_key, 1),
          std::span<const KeyAttribute>(schema.indexes[0].partition_key)}) {
      const KeyRef general = KeyOf(partition, items[0]);
      ASSERT_NE(general.hash, 0u);
      for (const api::ReadResponse* response : {&encoded, &std::as_const(decoded)}) {
        ReadKeys keys("ns", schema, partition, ReadKeys::kMaxItems);
        keys.Read(*response);
        EXPECT_EQ(keys.partition_key().hash, general.hash) << sort_key;
        EXPECT_EQ(Label(keys.partition_key()), Label(general)) << sort_key;
        EXPECT_EQ(std::vector<std::uint64_t>(keys.item_hashes().begin(), keys.item_hashes().end()),
                  expected)
            << sort_key;
        ReadKeys first_only("ns", schema, partition, 0);
        first_only.Read(*response);
        EXPECT_EQ(first_only.partition_key().hash, general.hash);
        EXPECT_TRUE(first_only.item_hashes().empty());
      }
    }
  }
}

TEST(ReadKeys, AFirstItemLackingThePartitionKeyHasNone) {
  const TableSchema schema = Schema(true);
  std::vector<Item> items = Items(6);
  items.erase(items.begin());  // items[0] is now Items' second, which has G2
  items[0].erase("G1");
  api::ReadResponse decoded;
  decoded.items = items;
  for (const api::ReadResponse& response : {Encoded(items), decoded}) {
    ReadKeys keys("ns", schema, schema.indexes[0].partition_key, 3);
    keys.Read(response);
    EXPECT_EQ(keys.partition_key().hash, 0u);
    EXPECT_EQ(keys.item_hashes().size(), 2u);  // of the first three, Items' fourth lacks SK
  }
}

TEST(ReadKeys, KeyValuesOfOtherTypesAreReadByDecodingAsBefore) {
  // A key value is always an S, N or B; an item saying otherwise is decoded, and hashes and
  // labels as the general path does.
  const TableSchema schema = Schema(false);
  const std::vector<Item> items{{{"PK", AttributeValue::L({AttributeValue::N("7")})}},
                                {{"PK", AttributeValue::S("ORG#1")}}};
  ReadKeys keys("ns", schema, {&schema.partition_key, 1}, 2);
  keys.Read(Encoded(items));
  const KeyRef general = KeyOf({&schema.partition_key, 1}, items[0]);
  EXPECT_EQ(keys.partition_key().hash, general.hash);
  EXPECT_EQ(Label(keys.partition_key()), Label(general));
  ASSERT_EQ(keys.item_hashes().size(), 2u);
  EXPECT_EQ(keys.item_hashes()[1], ItemHash("ns", schema, items[1]));
}

TEST(CaptureKey, LabelsAsWriteKeyLabelDoes) {
  const std::vector<KeyAttribute> one{{"PK", AttributeType::kS}};
  const std::vector<KeyAttribute> two{{"G1", AttributeType::kS}, {"G2", AttributeType::kB}};
  const std::vector<KeyAttribute> number{{"n", AttributeType::kN}};
  const std::vector<KeyAttribute> odd_name{{"qu\"o", AttributeType::kS}};
  const std::vector<Item> items{
      {{"PK", AttributeValue::S("ORG#1")}},
      {{"PK", AttributeValue::S("tab\there \"q\" \xc3\xa9")}},
      {{"PK", AttributeValue::L({AttributeValue::N("7")})}},  // no key value, but an Item's
      {{"G1", AttributeValue::S("a")}, {"G2", AttributeValue::B(std::string("\0\xff", 2))}},
      {{"n", AttributeValue::N("-12.5")}},
      {{"qu\"o", AttributeValue::S("x")}}};
  int labelled = 0;
  for (const Item& item : items) {
    for (const auto* attributes : {&one, &two, &number, &odd_name}) {
      const KeyRef key = KeyOf(*attributes, item);
      if (key.hash == 0) continue;
      std::string captured;
      CaptureKey(key, captured);
      EXPECT_EQ(LabelOfCapture(captured), Label(key));
      ++labelled;
    }
  }
  EXPECT_EQ(labelled, 6);
  // Keys read from encoded items (no Item behind them) too.
  const api::ReadResponse encoded = Encoded({items[3]});
  const TableSchema schema = Schema(false);
  ReadKeys keys("ns", schema, schema.indexes[0].partition_key, 0);
  keys.Read(encoded);
  std::string captured;
  CaptureKey(keys.partition_key(), captured);
  EXPECT_EQ(LabelOfCapture(captured), Label(KeyOf(two, items[3])));
}

// One expression of a request (RawExpression views it).
struct Expression {
  RawExpression::Kind kind = RawExpression::kNone;
  std::string text;
  std::string prefix;
  RawExpression view() const { return {kind, text, prefix}; }
};

// One request as its Observe overload describes it.
struct Request {
  std::string ns = "ns";
  std::string table = "hr";
  Expression key_condition;
  Expression filter;
  Expression projection;
  std::map<std::string, std::string, std::less<>> names;
  bool consistent = false;
  std::int64_t limit = 0;
};

Observation Base(const Request& r) {
  Observation o;
  o.ns = r.ns;
  o.table = r.table;
  o.operation = "Query";
  o.consistent_read = r.consistent;
  o.limit = r.limit;
  o.items_read = 1;
  return o;
}

// How the audit recorded requests before raw forms: every expression normalised.
void RecordNormalized(AccessAudit& audit, const Request& r) {
  Observation o = Base(r);
  auto set = [&](const Expression& e, std::string& out) {
    if (e.kind == RawExpression::kExpression) {
      out = e.prefix + NormalizeExpression(e.text, r.names);
    } else if (e.kind == RawExpression::kLiteral) {
      out = e.prefix + e.text;
    }
  };
  set(r.key_condition, o.key_condition);
  set(r.filter, o.filter);
  set(r.projection, o.projection);
  audit.Record(o);
}

void RecordRaw(AccessAudit& audit, const Request& r) {
  Observation o = Base(r);
  RawShape raw;
  raw.key_condition = r.key_condition.view();
  raw.filter = r.filter.view();
  raw.projection = r.projection.view();
  SetExpressions(raw, r.names, o);
  audit.Record(o);
}

std::vector<Request> Requests() {
  using E = RawExpression;
  std::vector<Request> out;
  Request base;
  base.key_condition = {E::kExpression, "#p = :v"};
  base.names = {{"#p", "PK"}};
  out.push_back(base);
  Request other_placeholder = base;  // the same shape, another raw form
  other_placeholder.key_condition = {E::kExpression, "  #k   =\t:x "};
  other_placeholder.names = {{"#k", "PK"}};
  out.push_back(other_placeholder);
  Request other_name = base;  // the same text, another shape
  other_name.names = {{"#p", "GSI1PK"}};
  out.push_back(other_name);
  Request literal = base;
  literal.key_condition = {E::kLiteral, "(legacy KeyConditions)"};
  literal.names.clear();
  out.push_back(literal);
  Request filtered = base;
  filtered.filter = {E::kExpression, "#r = :a AND #p <> :b", "condition: "};
  filtered.names.emplace("#r", "role");
  filtered.projection = {E::kExpression, "#p, #r"};
  out.push_back(filtered);
  Request counted = filtered;
  counted.projection = {E::kLiteral, "COUNT"};
  out.push_back(counted);
  for (bool consistent : {false, true}) {
    Request r = base;
    r.consistent = consistent;
    r.limit = 50;
    out.push_back(r);
  }
  Request elsewhere = base;
  elsewhere.ns = "other";
  out.push_back(elsewhere);
  Request long_one = base;  // a raw form longer than the key's buffer on the stack
  long_one.key_condition.text = std::string(700, ' ') + "#p   = :v";
  out.push_back(long_one);
  Request too_long = base;  // longer than a raw form kept: normalised each time
  too_long.key_condition.text = std::string(2000, ' ') + "#p = :v";
  out.push_back(too_long);
  Request many_names = base;  // more names than a raw form keeps: normalised each time
  for (int i = 0; i < 20; ++i) many_names.names.emplace("#n" + std::to_string(i), "a");
  out.push_back(many_names);
  for (int i = 0; i < 30; ++i) {  // more raw forms of one shape than the index keeps
    Request r = base;
    r.key_condition = {E::kExpression, "#p" + std::to_string(i) + " = :v"};
    r.names = {{"#p" + std::to_string(i), "PK"}};
    out.push_back(r);
  }
  return out;
}

void ExpectSameShapes(const AccessAudit& a, const AccessAudit& b, const std::string& ns) {
  const AuditSnapshot sa = a.Snapshot(ns), sb = b.Snapshot(ns);
  EXPECT_EQ(sa.dropped_requests, sb.dropped_requests);
  ASSERT_EQ(sa.shapes.size(), sb.shapes.size());
  for (std::size_t i = 0; i < sa.shapes.size(); ++i) {
    const AuditShape &x = sa.shapes[i], &y = sb.shapes[i];
    EXPECT_EQ(x.id, y.id);
    EXPECT_EQ(x.key_condition, y.key_condition) << x.id;
    EXPECT_EQ(x.filter, y.filter) << x.id;
    EXPECT_EQ(x.projection, y.projection) << x.id;
    EXPECT_EQ(x.consistent_read, y.consistent_read) << x.id;
    EXPECT_EQ(x.limit, y.limit) << x.id;
    EXPECT_EQ(x.requests, y.requests) << x.id;
  }
}

// The key buffer holds exactly the bytes appended, whatever their lengths (the short ones
// are copied word-wise) and when they outgrow its inline room.
TEST(RawShape, KeyBufferHoldsEveryPartAppended) {
  std::string source;
  for (int i = 0; i < 600; ++i) source += static_cast<char>('a' + i * 7 % 26);
  RawShape::KeyBuffer buffer;
  std::string expected;
  std::size_t at = 0;
  for (std::size_t n = 0; expected.size() < 900; n = (n + 1) % 41) {
    buffer.Append(source.data() + at, n);
    expected.append(source, at, n);
    at = (at + 13) % 500;
    ASSERT_EQ(buffer.view(), expected) << expected.size();
  }
}

TEST(RawShape, RawFormsSeenAgainGiveTheShapesNormalizingGives) {
  for (std::size_t max_shapes : {2000, 5}) {  // 5: some shapes dropped, some raw forms not kept
    VirtualClock clock;
    AccessAudit raw(clock, AuditLimits{.max_shapes = max_shapes});
    AccessAudit normalized(clock, AuditLimits{.max_shapes = max_shapes});
    const std::vector<Request> requests = Requests();
    for (int round = 0; round < 3; ++round) {  // misses, then hits
      for (const Request& r : requests) {
        RecordRaw(raw, r);
        RecordNormalized(normalized, r);
      }
    }
    ExpectSameShapes(raw, normalized, "ns");
    ExpectSameShapes(raw, normalized, "other");
    const AuditSnapshot snapshot = raw.Snapshot("ns");
    ASSERT_FALSE(snapshot.shapes.empty());
    EXPECT_EQ(snapshot.shapes[0].key_condition, "PK = ?");
    if (max_shapes == 2000) {
      // base, other_placeholder, long_one, too_long, many_names and the 30 numbered forms: one
      // shape.
      EXPECT_EQ(snapshot.shapes[0].requests, 3 * 35);
    }
  }
}

TEST(RawShape, AfterResetRawFormsFindNewShapes) {
  VirtualClock clock;
  AccessAudit audit(clock);
  const std::vector<Request> requests = Requests();
  RecordRaw(audit, requests[4]);
  audit.Reset();
  RecordRaw(audit, requests[0]);
  RecordRaw(audit, requests[4]);
  const AuditSnapshot snapshot = audit.Snapshot("ns");
  ASSERT_EQ(snapshot.shapes.size(), 2u);
  EXPECT_EQ(snapshot.shapes[0].key_condition, "PK = ?");
  EXPECT_EQ(snapshot.shapes[1].filter, "condition: role = ? AND PK <> ?");
  EXPECT_EQ(snapshot.shapes[1].projection, "PK, role");
}

Observation Write(std::uint64_t item) {
  Observation o;
  o.ns = "ns";
  o.table = "hr";
  o.operation = "PutItem";
  o.written_item = item;
  return o;
}

TEST(RecentWriteShortcut, TellsWhetherAWriteIsWithinTheWindow) {
  VirtualClock clock;
  AccessAudit audit(clock, AuditLimits{.window_micros = 1'000'000});
  EXPECT_FALSE(audit.WroteWithinWindow(clock.NowMicros()));
  audit.Record(Write(77));
  EXPECT_TRUE(audit.WroteWithinWindow(clock.NowMicros()));
  clock.AdvanceMicros(1'000'000);
  EXPECT_TRUE(audit.WroteWithinWindow(clock.NowMicros()));  // exactly the window: recent
  clock.AdvanceMicros(1);
  EXPECT_FALSE(audit.WroteWithinWindow(clock.NowMicros()));
  Observation failed = Write(78);
  failed.ok = false;  // a failed write writes nothing
  audit.Record(failed);
  EXPECT_FALSE(audit.WroteWithinWindow(clock.NowMicros()));
  audit.Record(Write(79));
  EXPECT_TRUE(audit.WroteWithinWindow(clock.NowMicros()));
  audit.Reset();
  EXPECT_FALSE(audit.WroteWithinWindow(clock.NowMicros()));
}

TEST(RecentWriteShortcut, WithNoRecentWriteReadsCountTheSameWithoutItemHashes) {
  VirtualClock clock;
  AccessAudit with(clock), without(clock);
  for (AccessAudit* audit : {&with, &without}) audit->Record(Write(77));
  clock.AdvanceMicros(5'000'000);
  ASSERT_FALSE(with.WroteWithinWindow(clock.NowMicros()));
  const std::uint64_t read = 77;
  for (bool gsi : {false, true}) {
    Observation o;
    o.ns = "ns";
    o.table = "hr";
    o.operation = "Query";
    o.index = gsi ? "G" : "";
    o.global_index_read = gsi;
    o.consistent_read = !gsi;
    without.Record(o);
    o.read_items = {&read, 1};
    with.Record(o);
  }
  const AuditSnapshot a = with.Snapshot("ns"), b = without.Snapshot("ns");
  ASSERT_EQ(a.shapes.size(), 3u);
  ASSERT_EQ(b.shapes.size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(a.shapes[i].reads_after_write, b.shapes[i].reads_after_write);
    EXPECT_EQ(a.shapes[i].consistent_reads_without_recent_write,
              b.shapes[i].consistent_reads_without_recent_write);
  }
  EXPECT_EQ(a.shapes[1].consistent_reads_without_recent_write, 1);
}

// A shape keeps its table's schema (one lock finds both): a table deleted and created again
// with another key is read with its new one.
TEST(ShapeSchema, ATableRecreatedWithAnotherKeyIsReadWithItsNewSchema) {
  Options options;
  options.in_memory = true;
  options.durability = Durability::kNone;
  options.audit = true;
  auto db = std::move(Database::Open(options)).value();
  auto call = [&](const char* op, const std::string& body) {
    const Response r = db->Call(op, body);
    EXPECT_EQ(r.http_status, 200) << op << " " << body << " -> " << r.body;
  };
  auto create = [&](const std::string& key) {
    call("CreateTable", R"({"TableName":"tbl","BillingMode":"PAY_PER_REQUEST",
      "KeySchema":[{"AttributeName":")" +
                            key + R"(","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":")" +
                            key + R"(","AttributeType":"S"}]})");
  };
  create("A");
  call("PutItem", R"({"TableName":"tbl","Item":{"A":{"S":"x"}}})");
  call("GetItem", R"({"TableName":"tbl","Key":{"A":{"S":"x"}}})");
  call("DeleteTable", R"({"TableName":"tbl"})");
  create("B");
  call("PutItem", R"({"TableName":"tbl","Item":{"B":{"S":"y"},"A":{"S":"x"}}})");
  call("GetItem", R"({"TableName":"tbl","Key":{"B":{"S":"y"}}})");
  call("GetItem", R"({"TableName":"tbl","Key":{"B":{"S":"y"}}})");
  auto report = db->Audit();
  ASSERT_TRUE(report.ok());
  const AuditShape* get = nullptr;
  for (const AuditShape& shape : report->shapes) {
    if (shape.operation == "GetItem") get = &shape;
  }
  ASSERT_NE(get, nullptr);
  EXPECT_EQ(get->requests, 3);
  EXPECT_EQ(get->top_keys, (std::vector<std::string>{R"({"B":{"S":"y"}})", R"({"A":{"S":"x"}})"}));
}

// Requests recorded from several threads while others change the table's schema cache
// (DescribeTable forgets it) and read the report: every request is counted (TSan runs this).
TEST(ShapeSchema, ConcurrentRequestsAreAllRecorded) {
  Options options;
  options.in_memory = true;
  options.durability = Durability::kNone;
  options.audit = true;
  options.clock = std::make_shared<VirtualClock>();  // still: every write stays recent
  auto db = std::move(Database::Open(options)).value();
  ASSERT_EQ(db->Call("CreateTable", R"({"TableName":"tbl","BillingMode":"PAY_PER_REQUEST",
      "KeySchema":[{"AttributeName":"PK","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},
        {"AttributeName":"E","AttributeType":"S"}],
      "GlobalSecondaryIndexes":[{"IndexName":"byE","Projection":{"ProjectionType":"ALL"},
        "KeySchema":[{"AttributeName":"E","KeyType":"HASH"}]}]})")
                .http_status,
            200);
  constexpr int kThreads = 4, kRounds = 100;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&db, t] {
      for (int i = 0; i < kRounds; ++i) {
        const std::string k = std::to_string(t * 1000 + i);
        db->Call("PutItem", R"({"TableName":"tbl","Item":{"PK":{"S":")" + k + R"("},"E":{"S":"e)" +
                                k + R"("}}})");
        db->Call("GetItem", R"({"TableName":"tbl","ConsistentRead":true,
          "Key":{"PK":{"S":")" + k +
                                R"("}}})");
        db->Call("Query", R"({"TableName":"tbl","IndexName":"byE","KeyConditionExpression":
          "#e = :e","ExpressionAttributeNames":{"#e":"E"},
          "ExpressionAttributeValues":{":e":{"S":"e)" +
                              k + R"("}}})");
        if (i % 10 == 0) db->Call("DescribeTable", R"({"TableName":"tbl"})");
        if (i % 25 == 0) {
          EXPECT_TRUE(db->Audit().ok());
        }
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  auto report = db->Audit();
  ASSERT_TRUE(report.ok());
  std::map<std::string, std::int64_t> requests;
  for (const AuditShape& shape : report->shapes) requests[shape.operation] += shape.requests;
  EXPECT_EQ(requests["PutItem"], kThreads * kRounds);
  EXPECT_EQ(requests["GetItem"], kThreads * kRounds);
  EXPECT_EQ(requests["Query"], kThreads * kRounds);
  for (const AuditShape& shape : report->shapes) {
    if (shape.operation == "Query") {
      EXPECT_EQ(shape.key_condition, "E = ?");
      EXPECT_EQ(shape.reads_after_write, kThreads * kRounds);  // each read its item just written
      EXPECT_EQ(shape.top_keys.size(), 4u);
    }
  }
}

}  // namespace audit_fast_paths_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit
