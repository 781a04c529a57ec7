// `ddb-local import` and `ddb-local export`: items between a table and files, the table either
// in a data directory opened in this process or behind a DynamoDB endpoint (a running
// ddb-local, AWS). The files are DynamoDB JSON lines or an AWS export directory
// (aws_export_layout.h); anonymisation rules (anonymiser.h) may rewrite items on the way.
// docs/ddb-local.md, "Import, export and anonymisation", is the user's description.
#pragma once

#include <string>

namespace ddblocal {

// argv[0] is "ddb-local", argv[1] the subcommand. Return the process's exit code: 0 when every
// item was transferred, 1 when some were not (each reported on stderr) or the transfer
// failed, 2 for a bad command line.
int RunImport(int argc, const char* const* argv);
int RunExport(int argc, const char* const* argv);

// The subcommands' part of `ddb-local --help`.
std::string TransferUsage();

}  // namespace ddblocal
