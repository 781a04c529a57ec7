// hrctl's output of entities and pages: an aligned table for people, or JSON for programs
// (one object per command, with the capacity the command consumed).
#pragma once

#include <string>
#include <vector>

#include "hrcore/entities.h"
#include "hrcore/service.h"

namespace hrctl {

// One output record: ordered (column, value) pairs.
using Row = std::vector<std::pair<std::string, std::string>>;

Row ToRow(const hrcore::Organisation& v);
Row ToRow(const hrcore::Department& v);
Row ToRow(const hrcore::Employee& v);
Row ToRow(const hrcore::DeptEmployee& v);
Row ToRow(const hrcore::JobPosting& v);
Row ToRow(const hrcore::Application& v);

std::string JsonString(const std::string& s);

// Prints `rows` (a pattern's or command's result) with the next cursor and consumed capacity.
void Print(const std::string& what, const std::vector<Row>& rows,
           const std::optional<std::string>& next_cursor, const hrcore::Consumed& consumed,
           bool json);

}  // namespace hrctl
