// The PartiQL parser (see parser.h).
#include "partiql/partiql_parser.h"

#include <charconv>
#include <utility>

#include "partiql/partiql_lexer.h"
#include "value/number.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::partiql {
namespace {

// Nesting deeper than this is refused rather than recursed into, so that no statement can
// exhaust the stack (the service's own limit is lower than any useful statement reaches).
constexpr int kMaxDepth = 64;

bool IEquals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

class Parser {
 public:
  explicit Parser(std::vector<Token> tokens) : tokens_(std::move(tokens)) {}

  Result<Statement> ParseTop() {
    Statement s;
    if (IsKeyword("SELECT")) {
      DDBEMU_RETURN_IF_ERROR(ParseSelect(&s));
    } else if (IsKeyword("INSERT")) {
      DDBEMU_RETURN_IF_ERROR(ParseInsert(&s));
    } else if (IsKeyword("UPDATE")) {
      DDBEMU_RETURN_IF_ERROR(ParseUpdate(&s));
    } else if (IsKeyword("DELETE")) {
      DDBEMU_RETURN_IF_ERROR(ParseDelete(&s));
    } else if (IsKeyword("EXISTS") || (IsKeyword("NOT") && IsKeywordAt(1, "EXISTS"))) {
      DDBEMU_RETURN_IF_ERROR(ParseExists(&s));
    } else {
      return MalformedStatement("Expected data manipulation");
    }
    if (Peek().kind != TokenKind::kEnd) return Unexpected();
    s.parameter_count = parameters_;
    return s;
  }

 private:
  const Token& Peek(std::size_t ahead = 0) const {
    const std::size_t i = std::min(pos_ + ahead, tokens_.size() - 1);
    return tokens_[i];
  }
  const Token& Next() {
    const Token& t = Peek();
    if (pos_ < tokens_.size() - 1) ++pos_;
    return t;
  }
  bool IsKeywordAt(std::size_t ahead, std::string_view word) const {
    const Token& t = Peek(ahead);
    return t.kind == TokenKind::kIdentifier && IEquals(t.text, word);
  }
  bool IsKeyword(std::string_view word) const { return IsKeywordAt(0, word); }
  bool Accept(TokenKind kind) {
    if (Peek().kind != kind) return false;
    Next();
    return true;
  }
  bool AcceptKeyword(std::string_view word) {
    if (!IsKeyword(word)) return false;
    Next();
    return true;
  }

  ApiError Unexpected() const {
    const Token& t = Peek();
    if (t.kind == TokenKind::kEnd) return MalformedStatement("Unexpected end of statement");
    std::string text = t.text;
    if (t.kind == TokenKind::kString) text = "'" + text + "'";
    if (t.kind == TokenKind::kQuotedIdentifier) text = "\"" + text + "\"";
    return MalformedStatement("Unexpected token: " + text + " at offset " +
                              std::to_string(t.offset));
  }
  Status Expect(TokenKind kind) {
    if (!Accept(kind)) return Unexpected();
    return Status::Ok();
  }
  Status ExpectKeyword(std::string_view word) {
    if (!AcceptKeyword(word)) return Unexpected();
    return Status::Ok();
  }

  // A table, index or attribute name: "quoted" or bare.
  Result<std::string> ParseName() {
    const Token& t = Peek();
    if (t.kind != TokenKind::kIdentifier && t.kind != TokenKind::kQuotedIdentifier) {
      return Unexpected();
    }
    return std::string(Next().text);
  }

  Result<Path> ParsePath() {
    Path path;
    DDBEMU_ASSIGN_OR_RETURN(std::string first, ParseName());
    path.steps.push_back(PathStep{std::move(first)});
    DDBEMU_RETURN_IF_ERROR(ParsePathTail(&path));
    return path;
  }

  Status ParsePathTail(Path* path) {
    while (true) {
      if (Accept(TokenKind::kDot)) {
        DDBEMU_ASSIGN_OR_RETURN(std::string name, ParseName());
        path->steps.push_back(PathStep{std::move(name)});
      } else if (Peek().kind == TokenKind::kLBracket) {
        Next();
        const Token& t = Peek();
        if (t.kind == TokenKind::kString) {  // a['key'] is a map step
          path->steps.push_back(PathStep{std::string(Next().text)});
        } else {
          if (t.kind != TokenKind::kNumber) return Unexpected();
          std::uint32_t index = 0;
          const std::string& digits = t.text;
          auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), index);
          if (ec != std::errc() || end != digits.data() + digits.size()) return Unexpected();
          Next();
          path->steps.push_back(PathStep{"", true, index});
        }
        DDBEMU_RETURN_IF_ERROR(Expect(TokenKind::kRBracket));
      } else {
        return Status::Ok();
      }
    }
  }

  Status ParseTableRef(Statement* s, bool allow_index) {
    DDBEMU_ASSIGN_OR_RETURN(s->table, ParseName());
    if (allow_index && Accept(TokenKind::kDot)) {
      DDBEMU_ASSIGN_OR_RETURN(std::string index, ParseName());
      s->index = std::move(index);
    }
    return Status::Ok();
  }

  Status ParseSelect(Statement* s) {
    s->kind = StatementKind::kSelect;
    DDBEMU_RETURN_IF_ERROR(ExpectKeyword("SELECT"));
    if (Accept(TokenKind::kStar)) {
      s->select_all = true;
    } else {
      s->select_all = false;
      do {
        DDBEMU_ASSIGN_OR_RETURN(Path p, ParsePath());
        s->projection.push_back(std::move(p));
      } while (Accept(TokenKind::kComma));
    }
    DDBEMU_RETURN_IF_ERROR(ExpectKeyword("FROM"));
    DDBEMU_RETURN_IF_ERROR(ParseTableRef(s, /*allow_index=*/true));
    if (AcceptKeyword("WHERE")) {
      DDBEMU_ASSIGN_OR_RETURN(Expr where, ParseExpr(0));
      s->where = std::move(where);
    }
    if (AcceptKeyword("ORDER")) {
      DDBEMU_RETURN_IF_ERROR(ExpectKeyword("BY"));
      DDBEMU_ASSIGN_OR_RETURN(Path key, ParsePath());
      s->order_by = std::move(key);
      if (AcceptKeyword("DESC")) {
        s->descending = true;
      } else {
        AcceptKeyword("ASC");
      }
    }
    return Status::Ok();
  }

  Status ParseInsert(Statement* s) {
    s->kind = StatementKind::kInsert;
    DDBEMU_RETURN_IF_ERROR(ExpectKeyword("INSERT"));
    DDBEMU_RETURN_IF_ERROR(ExpectKeyword("INTO"));
    DDBEMU_RETURN_IF_ERROR(ParseTableRef(s, /*allow_index=*/false));
    DDBEMU_RETURN_IF_ERROR(ExpectKeyword("VALUE"));
    if (Peek().kind != TokenKind::kLBrace && Peek().kind != TokenKind::kQuestion) {
      return Unexpected();
    }
    DDBEMU_ASSIGN_OR_RETURN(s->item, ParsePrimary(0));
    return Status::Ok();
  }

  Status ParseUpdate(Statement* s) {
    s->kind = StatementKind::kUpdate;
    DDBEMU_RETURN_IF_ERROR(ExpectKeyword("UPDATE"));
    DDBEMU_RETURN_IF_ERROR(ParseTableRef(s, /*allow_index=*/false));
    while (true) {
      if (AcceptKeyword("SET")) {
        do {
          UpdateAction action;
          DDBEMU_ASSIGN_OR_RETURN(action.path, ParsePath());
          DDBEMU_RETURN_IF_ERROR(Expect(TokenKind::kEq));
          DDBEMU_ASSIGN_OR_RETURN(action.value, ParseAdditive(0));
          s->actions.push_back(std::move(action));
        } while (Accept(TokenKind::kComma));
      } else if (AcceptKeyword("REMOVE")) {
        do {
          UpdateAction action;
          action.remove = true;
          DDBEMU_ASSIGN_OR_RETURN(action.path, ParsePath());
          s->actions.push_back(std::move(action));
        } while (Accept(TokenKind::kComma));
      } else {
        break;
      }
    }
    if (s->actions.empty()) return Unexpected();
    DDBEMU_RETURN_IF_ERROR(ExpectKeyword("WHERE"));
    DDBEMU_ASSIGN_OR_RETURN(Expr where, ParseExpr(0));
    s->where = std::move(where);
    return ParseReturning(s);
  }

  Status ParseDelete(Statement* s) {
    s->kind = StatementKind::kDelete;
    DDBEMU_RETURN_IF_ERROR(ExpectKeyword("DELETE"));
    DDBEMU_RETURN_IF_ERROR(ExpectKeyword("FROM"));
    DDBEMU_RETURN_IF_ERROR(ParseTableRef(s, /*allow_index=*/false));
    DDBEMU_RETURN_IF_ERROR(ExpectKeyword("WHERE"));
    DDBEMU_ASSIGN_OR_RETURN(Expr where, ParseExpr(0));
    s->where = std::move(where);
    return ParseReturning(s);
  }

  Status ParseReturning(Statement* s) {
    if (!AcceptKeyword("RETURNING")) return Status::Ok();
    bool all;
    if (AcceptKeyword("ALL")) {
      all = true;
    } else if (AcceptKeyword("MODIFIED")) {
      all = false;
    } else {
      return Unexpected();
    }
    bool old;
    if (AcceptKeyword("OLD")) {
      old = true;
    } else if (AcceptKeyword("NEW")) {
      old = false;
    } else {
      return Unexpected();
    }
    DDBEMU_RETURN_IF_ERROR(Expect(TokenKind::kStar));
    s->returning = all ? (old ? Returning::kAllOld : Returning::kAllNew)
                       : (old ? Returning::kModifiedOld : Returning::kModifiedNew);
    return Status::Ok();
  }

  Status ParseExists(Statement* s) {
    s->exists_negated = AcceptKeyword("NOT");
    DDBEMU_RETURN_IF_ERROR(ExpectKeyword("EXISTS"));
    DDBEMU_RETURN_IF_ERROR(Expect(TokenKind::kLParen));
    DDBEMU_RETURN_IF_ERROR(ParseSelect(s));
    DDBEMU_RETURN_IF_ERROR(Expect(TokenKind::kRParen));
    s->kind = StatementKind::kExists;
    return Status::Ok();
  }

  // Conditions, loosest binding first: OR, AND, NOT, predicates, + and -, primaries.
  Result<Expr> ParseExpr(int depth) {
    if (depth > kMaxDepth) return MalformedStatement("Statement is nested too deeply");
    DDBEMU_ASSIGN_OR_RETURN(Expr left, ParseAnd(depth));
    while (AcceptKeyword("OR")) {
      DDBEMU_ASSIGN_OR_RETURN(Expr right, ParseAnd(depth));
      left = Binary(ExprKind::kOr, std::move(left), std::move(right));
    }
    return left;
  }

  Result<Expr> ParseAnd(int depth) {
    DDBEMU_ASSIGN_OR_RETURN(Expr left, ParseNot(depth));
    while (AcceptKeyword("AND")) {
      DDBEMU_ASSIGN_OR_RETURN(Expr right, ParseNot(depth));
      left = Binary(ExprKind::kAnd, std::move(left), std::move(right));
    }
    return left;
  }

  Result<Expr> ParseNot(int depth) {
    if (depth > kMaxDepth) return MalformedStatement("Statement is nested too deeply");
    if (AcceptKeyword("NOT")) {
      DDBEMU_ASSIGN_OR_RETURN(Expr inner, ParseNot(depth + 1));
      Expr e;
      e.kind = ExprKind::kNot;
      e.args.push_back(std::move(inner));
      return e;
    }
    return ParsePredicate(depth);
  }

  Result<Expr> ParsePredicate(int depth) {
    DDBEMU_ASSIGN_OR_RETURN(Expr left, ParseAdditive(depth));
    static constexpr std::pair<TokenKind, const char*> kCompare[] = {
        {TokenKind::kEq, "="},  {TokenKind::kNe, "<>"}, {TokenKind::kLt, "<"},
        {TokenKind::kLe, "<="}, {TokenKind::kGt, ">"},  {TokenKind::kGe, ">="}};
    for (const auto& [kind, op] : kCompare) {
      if (Accept(kind)) {
        DDBEMU_ASSIGN_OR_RETURN(Expr right, ParseAdditive(depth));
        Expr e = Binary(ExprKind::kCompare, std::move(left), std::move(right));
        e.op = op;
        return e;
      }
    }
    if (AcceptKeyword("IS")) {
      Expr e;
      e.negated = AcceptKeyword("NOT");
      if (AcceptKeyword("MISSING")) {
        e.kind = ExprKind::kIsMissing;
      } else if (AcceptKeyword("NULL")) {
        e.kind = ExprKind::kIsNull;
      } else {
        return Unexpected();
      }
      e.args.push_back(std::move(left));
      return e;
    }
    const bool negated = IsKeyword("NOT") && (IsKeywordAt(1, "BETWEEN") || IsKeywordAt(1, "IN"));
    if (negated) Next();
    Expr e;
    if (AcceptKeyword("BETWEEN")) {
      e.kind = ExprKind::kBetween;
      e.args.push_back(std::move(left));
      DDBEMU_ASSIGN_OR_RETURN(Expr low, ParseAdditive(depth));
      DDBEMU_RETURN_IF_ERROR(ExpectKeyword("AND"));
      DDBEMU_ASSIGN_OR_RETURN(Expr high, ParseAdditive(depth));
      e.args.push_back(std::move(low));
      e.args.push_back(std::move(high));
    } else if (AcceptKeyword("IN")) {
      e.kind = ExprKind::kIn;
      e.args.push_back(std::move(left));
      TokenKind close;
      if (Accept(TokenKind::kLBracket)) {
        close = TokenKind::kRBracket;
      } else if (Accept(TokenKind::kLParen)) {
        close = TokenKind::kRParen;
      } else {
        return Unexpected();
      }
      do {
        DDBEMU_ASSIGN_OR_RETURN(Expr v, ParseAdditive(depth));
        e.args.push_back(std::move(v));
      } while (Accept(TokenKind::kComma));
      DDBEMU_RETURN_IF_ERROR(Expect(close));
    } else {
      return left;
    }
    if (!negated) return e;
    Expr n;
    n.kind = ExprKind::kNot;
    n.args.push_back(std::move(e));
    return n;
  }

  Result<Expr> ParseAdditive(int depth) {
    DDBEMU_ASSIGN_OR_RETURN(Expr left, ParsePrimary(depth));
    while (Peek().kind == TokenKind::kPlus || Peek().kind == TokenKind::kMinus) {
      const std::string op = Next().kind == TokenKind::kPlus ? "+" : "-";
      DDBEMU_ASSIGN_OR_RETURN(Expr right, ParsePrimary(depth));
      left = Binary(ExprKind::kArith, std::move(left), std::move(right));
      left.op = op;
    }
    return left;
  }

  Result<Expr> ParseNumber(bool negative) {
    const Token& t = Peek();
    if (t.kind != TokenKind::kNumber) return Unexpected();
    Result<std::string> canonical = CanonicalNumber((negative ? "-" : "") + t.text);
    if (!canonical.ok()) return MalformedStatement("Invalid number: " + t.text);
    Next();
    Expr e;
    e.kind = ExprKind::kLiteral;
    e.literal = AttributeValue::N(std::move(canonical).value());
    return e;
  }

  Result<Expr> ParsePrimary(int depth) {
    if (depth > kMaxDepth) return MalformedStatement("Statement is nested too deeply");
    const Token& t = Peek();
    Expr e;
    switch (t.kind) {
      case TokenKind::kLParen: {
        Next();
        DDBEMU_ASSIGN_OR_RETURN(Expr inner, ParseExpr(depth + 1));
        DDBEMU_RETURN_IF_ERROR(Expect(TokenKind::kRParen));
        return inner;
      }
      case TokenKind::kString:
        e.kind = ExprKind::kLiteral;
        e.literal = AttributeValue::S(Next().text);
        return e;
      case TokenKind::kNumber:
        return ParseNumber(false);
      case TokenKind::kMinus:
        Next();
        return ParseNumber(true);
      case TokenKind::kQuestion:
        Next();
        e.kind = ExprKind::kParameter;
        e.parameter = parameters_++;
        return e;
      case TokenKind::kLBracket:
        Next();
        e.kind = ExprKind::kList;
        DDBEMU_RETURN_IF_ERROR(ParseElements(&e, TokenKind::kRBracket, depth));
        return e;
      case TokenKind::kLBag:
        Next();
        e.kind = ExprKind::kBag;
        DDBEMU_RETURN_IF_ERROR(ParseElements(&e, TokenKind::kRBag, depth));
        return e;
      case TokenKind::kLBrace:
        Next();
        e.kind = ExprKind::kTuple;
        if (Accept(TokenKind::kRBrace)) return e;
        do {
          const Token& key = Peek();
          if (key.kind != TokenKind::kString && key.kind != TokenKind::kQuotedIdentifier) {
            return Unexpected();
          }
          e.keys.push_back(Next().text);
          DDBEMU_RETURN_IF_ERROR(Expect(TokenKind::kColon));
          DDBEMU_ASSIGN_OR_RETURN(Expr v, ParseAdditive(depth + 1));
          e.args.push_back(std::move(v));
        } while (Accept(TokenKind::kComma));
        DDBEMU_RETURN_IF_ERROR(Expect(TokenKind::kRBrace));
        return e;
      case TokenKind::kIdentifier:
        if (Peek(1).kind == TokenKind::kLParen) return ParseCall(depth);
        if (IEquals(t.text, "true") || IEquals(t.text, "false")) {
          e.kind = ExprKind::kLiteral;
          e.literal = AttributeValue::Bool(IEquals(Next().text, "true"));
          return e;
        }
        if (IEquals(t.text, "null")) {
          Next();
          e.kind = ExprKind::kLiteral;
          e.literal = AttributeValue::Null();
          return e;
        }
        [[fallthrough]];
      case TokenKind::kQuotedIdentifier: {
        e.kind = ExprKind::kPath;
        DDBEMU_ASSIGN_OR_RETURN(e.path, ParsePath());
        return e;
      }
      default:
        return Unexpected();
    }
  }

  Status ParseElements(Expr* e, TokenKind close, int depth) {
    if (Accept(close)) return Status::Ok();
    do {
      DDBEMU_ASSIGN_OR_RETURN(Expr v, ParseAdditive(depth + 1));
      e->args.push_back(std::move(v));
    } while (Accept(TokenKind::kComma));
    return Expect(close);
  }

  Result<Expr> ParseCall(int depth) {
    Expr e;
    e.kind = ExprKind::kCall;
    e.op = Lower(Next().text);
    DDBEMU_RETURN_IF_ERROR(Expect(TokenKind::kLParen));
    if (!Accept(TokenKind::kRParen)) {
      do {
        DDBEMU_ASSIGN_OR_RETURN(Expr arg, ParseAdditive(depth + 1));
        e.args.push_back(std::move(arg));
      } while (Accept(TokenKind::kComma));
      DDBEMU_RETURN_IF_ERROR(Expect(TokenKind::kRParen));
    }
    return e;
  }

  static Expr Binary(ExprKind kind, Expr left, Expr right) {
    Expr e;
    e.kind = kind;
    e.args.push_back(std::move(left));
    e.args.push_back(std::move(right));
    return e;
  }

  std::vector<Token> tokens_;
  std::size_t pos_ = 0;
  int parameters_ = 0;
};

}  // namespace

Result<Statement> ParseStatement(std::string_view text) {
  DDBEMU_ASSIGN_OR_RETURN(std::vector<Token> tokens, Lex(text));
  Parser parser(std::move(tokens));
  return parser.ParseTop();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::partiql
