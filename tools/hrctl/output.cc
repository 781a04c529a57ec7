// Table and JSON output for hrctl.
#include "output.h"

#include <algorithm>
#include <cstdio>
#include <iostream>

namespace hrctl {

using namespace hrcore;

Row ToRow(const Organisation& v) {
  return {{"orgId", v.org_id},
          {"name", v.name},
          {"plan", std::string(ToString(v.plan))},
          {"status", std::string(ToString(v.status))},
          {"createdAt", v.created_at}};
}
Row ToRow(const Department& v) {
  return {{"deptId", v.dept_id},
          {"orgId", v.org_id},
          {"name", v.name},
          {"managerId", v.manager_id},
          {"headcount", std::to_string(v.headcount)},
          {"version", std::to_string(v.version)}};
}
Row ToRow(const Employee& v) {
  return {{"empId", v.emp_id},
          {"orgId", v.org_id},
          {"email", v.email},
          {"firstName", v.first_name},
          {"lastName", v.last_name},
          {"departmentId", v.department_id},
          {"role", std::string(ToString(v.role))},
          {"status", std::string(ToString(v.status))},
          {"hiredAt", v.hired_at},
          {"terminatedAt", v.terminated_at},
          {"version", std::to_string(v.version)}};
}
Row ToRow(const DeptEmployee& v) {
  return {{"deptId", v.dept_id}, {"empId", v.emp_id}, {"orgId", v.org_id}};
}
Row ToRow(const JobPosting& v) {
  return {{"jobId", v.job_id},
          {"orgId", v.org_id},
          {"departmentId", v.department_id},
          {"title", v.title},
          {"status", std::string(ToString(v.status))},
          {"postedAt", v.posted_at},
          {"closedAt", v.closed_at}};
}
Row ToRow(const Application& v) {
  return {{"appId", v.app_id},
          {"jobId", v.job_id},
          {"empId", v.emp_id},
          {"status", std::string(ToString(v.status))},
          {"submittedAt", v.submitted_at}};
}

std::string JsonString(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out.push_back('\\');
      out.push_back(static_cast<char>(c));
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out.push_back(static_cast<char>(c));
    }
  }
  return out + "\"";
}

namespace {

std::string Units(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

}  // namespace

void Print(const std::string& what, const std::vector<Row>& rows,
           const std::optional<std::string>& next_cursor, const Consumed& consumed, bool json) {
  if (json) {
    std::string out = "{\"result\":" + JsonString(what) + ",\"items\":[";
    for (std::size_t i = 0; i < rows.size(); ++i) {
      out += i ? ",{" : "{";
      bool first = true;
      for (const auto& [k, v] : rows[i]) {
        if (v.empty()) continue;
        out += (first ? "" : ",") + JsonString(k) + ":" + JsonString(v);
        first = false;
      }
      out += "}";
    }
    out += "],\"count\":" + std::to_string(rows.size());
    if (next_cursor) out += ",\"nextCursor\":" + JsonString(*next_cursor);
    out += ",\"consumedCapacity\":{\"readUnits\":" + Units(consumed.read_units) +
           ",\"writeUnits\":" + Units(consumed.write_units) +
           ",\"calls\":" + std::to_string(consumed.calls) + "}}";
    std::cout << out << "\n";
    return;
  }
  std::cout << what << ": " << rows.size() << (rows.size() == 1 ? " item\n" : " items\n");
  if (!rows.empty()) {
    std::vector<std::size_t> width(rows[0].size(), 0);
    for (std::size_t c = 0; c < width.size(); ++c) width[c] = rows[0][c].first.size();
    for (const auto& r : rows) {
      for (std::size_t c = 0; c < r.size() && c < width.size(); ++c) {
        width[c] = std::max(width[c], r[c].second.size());
      }
    }
    auto line = [&](auto cell) {
      std::string s;
      for (std::size_t c = 0; c < width.size(); ++c) {
        std::string v = cell(c);
        s += v + std::string(width[c] - std::min(width[c], v.size()) + 2, ' ');
      }
      while (!s.empty() && s.back() == ' ') s.pop_back();
      std::cout << s << "\n";
    };
    line([&](std::size_t c) { return rows[0][c].first; });
    for (const auto& r : rows) line([&](std::size_t c) { return c < r.size() ? r[c].second : ""; });
  }
  if (next_cursor) std::cout << "next cursor: " << *next_cursor << "\n";
  std::cout << "consumed: " << Units(consumed.read_units) << " RCU, " << Units(consumed.write_units)
            << " WCU in " << consumed.calls << " calls\n";
}

}  // namespace hrctl
