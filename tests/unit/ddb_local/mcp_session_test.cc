// The MCP protocol layer (tools/ddb-local/mcp/mcp_session.h) over a fake backend: JSON-RPC
// framing and error codes, version negotiation, how tools reach the backend and how their
// errors come back. The real backends and transports are driven by clients.js_mcp.
#include "mcp/mcp_session.h"

#include <gtest/gtest.h>
#include <rapidjson/document.h>

#include <string>
#include <vector>

namespace ddblocal {
namespace mcp_session_test {

// Records what it is asked and answers with `next`.
class FakeBackend final : public McpBackend {
 public:
  BackendAnswer Call(std::string_view operation, std::string_view body) override {
    calls.push_back(std::string(operation) + " " + std::string(body));
    return next;
  }
  BackendAnswer Admin(std::string_view method, std::string_view target) override {
    calls.push_back(std::string(method) + " " + std::string(target));
    return next;
  }
  std::vector<std::string> calls;
  BackendAnswer next{200, "{}"};
};

class McpSessionTest : public testing::Test {
 protected:
  // The answer to `message`, parsed; a null document when there is none.
  rapidjson::Document Send(const std::string& message, bool read_only = false) {
    McpSession session(backend_, read_only, "9.9.9");
    const McpReply reply = session.Handle(message);
    rapidjson::Document answer;
    if (reply.message) {
      answer.Parse(reply.message->c_str());
      EXPECT_FALSE(answer.HasParseError()) << *reply.message;
    }
    return answer;
  }
  rapidjson::Document CallTool(const std::string& name, const std::string& arguments,
                               bool read_only = false) {
    return Send(R"({"jsonrpc":"2.0","id":"c","method":"tools/call","params":{"name":")" + name +
                    R"(","arguments":)" + arguments + "}}",
                read_only);
  }
  static int ErrorCode(const rapidjson::Document& d) { return d["error"]["code"].GetInt(); }

  FakeBackend backend_;
};

TEST_F(McpSessionTest, InitializeAnswersTheClientsVersionWhenSupportedElseOurs) {
  auto known = Send(
      R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26"}})");
  EXPECT_STREQ(known["result"]["protocolVersion"].GetString(), "2025-03-26");
  EXPECT_STREQ(known["result"]["serverInfo"]["version"].GetString(), "9.9.9");
  EXPECT_TRUE(known["result"]["capabilities"].HasMember("tools"));
  auto future = Send(
      R"({"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"2099-01-01"}})");
  EXPECT_EQ(std::string(future["result"]["protocolVersion"].GetString()), kMcpProtocolVersion);
  auto missing = Send(R"({"jsonrpc":"2.0","id":3,"method":"initialize","params":{}})");
  EXPECT_EQ(ErrorCode(missing), kInvalidParams);
}

TEST_F(McpSessionTest, NotificationsAndResponsesGetNoAnswer) {
  McpSession session(backend_, false, "1");
  EXPECT_FALSE(session.Handle(R"({"jsonrpc":"2.0","method":"notifications/initialized"})").message);
  EXPECT_FALSE(session.Handle(R"({"jsonrpc":"2.0","id":5,"result":{}})").message);
}

TEST_F(McpSessionTest, FramingErrorsHaveJsonRpcCodes) {
  McpSession session(backend_, false, "1");
  const McpReply garbled = session.Handle("{not json");
  EXPECT_TRUE(garbled.parse_error);
  rapidjson::Document parse;
  parse.Parse(garbled.message->c_str());
  EXPECT_EQ(ErrorCode(parse), kParseError);
  EXPECT_TRUE(parse["id"].IsNull());
  EXPECT_EQ(ErrorCode(Send("[1,2]")), kInvalidRequest);
  EXPECT_EQ(ErrorCode(Send(R"({"jsonrpc":"1.0","id":1,"method":"ping"})")), kInvalidRequest);
  EXPECT_EQ(ErrorCode(Send(R"({"jsonrpc":"2.0","id":{},"method":"ping"})")), kInvalidRequest);
  auto unknown = Send(R"({"jsonrpc":"2.0","id":"x","method":"sampling/createMessage"})");
  EXPECT_EQ(ErrorCode(unknown), kMethodNotFound);
  EXPECT_STREQ(unknown["id"].GetString(), "x");
  EXPECT_EQ(ErrorCode(Send(R"({"jsonrpc":"2.0","id":1,"method":"ping","params":[]})")),
            kInvalidParams);
  // Nesting that would exhaust the stack of a recursive parse is refused unparsed.
  const std::string deep = R"({"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":)" +
                           std::string(100000, '[') + std::string(100000, ']') + "}}";
  EXPECT_EQ(ErrorCode(Send(deep)), kInvalidRequest);
  auto ping = Send(R"({"jsonrpc":"2.0","id":7,"method":"ping"})");
  EXPECT_EQ(ping["id"].GetInt(), 7);
  EXPECT_TRUE(ping["result"].IsObject());
}

TEST_F(McpSessionTest, ToolsListGivesEachToolAnObjectSchema) {
  auto listed = Send(R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})");
  const auto& tools = listed["result"]["tools"];
  ASSERT_GE(tools.Size(), 16u);
  for (const auto& tool : tools.GetArray()) {
    EXPECT_STREQ(tool["inputSchema"]["type"].GetString(), "object") << tool["name"].GetString();
  }
  EXPECT_TRUE(backend_.calls.empty());
}

TEST_F(McpSessionTest, AToolCallSendsItsArgumentsAsTheOperationsRequest) {
  backend_.next = BackendAnswer{200, R"({"Item":{"pk":{"S":"a"}}})"};
  auto answer = CallTool("get_item", R"({"TableName":"t1","Key":{"pk":{"S":"a"}}})");
  ASSERT_EQ(backend_.calls.size(), 1u);
  EXPECT_EQ(backend_.calls[0], R"(GetItem {"TableName":"t1","Key":{"pk":{"S":"a"}}})");
  EXPECT_FALSE(answer["result"]["isError"].GetBool());
  EXPECT_STREQ(answer["result"]["structuredContent"]["Item"]["pk"]["S"].GetString(), "a");
  EXPECT_STREQ(answer["result"]["content"][0]["type"].GetString(), "text");
}

TEST_F(McpSessionTest, TheServicesErrorsAreToolErrorsWithTheirTypeAndMessage) {
  backend_.next = BackendAnswer{
      400, R"({"__type":"com.amazonaws.dynamodb.v20120810#ResourceNotFoundException",)"
           R"("message":"Requested resource not found"})"};
  auto answer = CallTool("describe_table", R"({"TableName":"nope"})");
  EXPECT_TRUE(answer["result"]["isError"].GetBool());
  const auto& error = answer["result"]["structuredContent"];
  EXPECT_STREQ(error["ErrorType"].GetString(), "ResourceNotFoundException");
  EXPECT_STREQ(error["Message"].GetString(), "Requested resource not found");
}

TEST_F(McpSessionTest, AnUnknownToolIsAProtocolErrorAndBadArgumentsAToolError) {
  EXPECT_EQ(ErrorCode(CallTool("no_such_tool", "{}")), kInvalidParams);
  auto not_object = CallTool("scan", "[]");
  EXPECT_TRUE(not_object["result"]["isError"].GetBool());
  auto missing = CallTool("scan", "{}");
  EXPECT_STREQ(missing["result"]["structuredContent"]["Message"].GetString(),
               "scan: TableName is required");
  EXPECT_TRUE(backend_.calls.empty());
}

TEST_F(McpSessionTest, ReadOnlyRefusesWritesBeforeTheyReachTheBackend) {
  for (
      const auto& [tool, arguments] : std::vector<std::pair<std::string, std::string>>{
          {"put_item", R"({"TableName":"t1","Item":{}})"},
          {"execute_partiql", R"({"Statement":"update t1 set a = 1 where pk = 'x'"})"},
          {"execute_partiql",
           R"({"TransactStatements":[{"Statement":"SELECT * FROM t1"},{"Statement":"DELETE FROM t1 WHERE pk='x'"}]})"},
          {"restore_snapshot", R"({"Name":"s"})"},
          {"create_table", R"({"TableName":"t1","KeySchema":[],"AttributeDefinitions":[]})"}}) {
    auto answer = CallTool(tool, arguments, /*read_only=*/true);
    EXPECT_STREQ(answer["result"]["structuredContent"]["ErrorType"].GetString(),
                 "AccessDeniedException")
        << tool << " " << arguments;
  }
  EXPECT_TRUE(backend_.calls.empty());
  CallTool("execute_partiql", R"({"Statement":"  select * from t1"})", /*read_only=*/true);
  CallTool("create_snapshot", R"({"Name":"a b"})", /*read_only=*/true);
  EXPECT_EQ(backend_.calls,
            (std::vector<std::string>{R"(ExecuteStatement {"Statement":"  select * from t1"})",
                                      "POST /_ddblocal/snapshot?name=a%20b"}));
}

TEST_F(McpSessionTest, ResourcesListTheAuditAndEveryTableAcrossPages) {
  // Two pages of ListTables, then the DescribeTable of one.
  struct PagedBackend final : McpBackend {
    BackendAnswer Call(std::string_view, std::string_view body) override {
      if (body == "{}") return {200, R"({"TableNames":["a1"],"LastEvaluatedTableName":"a1"})"};
      return {200, R"({"TableNames":["b2"]})"};
    }
    BackendAnswer Admin(std::string_view, std::string_view) override { return {200, "{}"}; }
  } paged;
  McpSession over_pages(paged, false, "1");
  const McpReply reply = over_pages.Handle(R"({"jsonrpc":"2.0","id":1,"method":"resources/list"})");
  rapidjson::Document listed;
  listed.Parse(reply.message->c_str());
  std::vector<std::string> uris;
  for (const auto& r : listed["result"]["resources"].GetArray())
    uris.push_back(r["uri"].GetString());
  EXPECT_EQ(uris, (std::vector<std::string>{"ddb://audit", "ddb://tables/a1", "ddb://tables/b2"}));
  auto unknown =
      Send(R"({"jsonrpc":"2.0","id":2,"method":"resources/read","params":{"uri":"file:///etc"}})");
  EXPECT_EQ(ErrorCode(unknown), kResourceNotFound);
}

}  // namespace mcp_session_test
}  // namespace ddblocal
