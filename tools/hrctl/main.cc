// hrctl: the HR data layer's command-line tool (see `hrctl help`).
#include "args.h"
#include "commands.h"

int main(int argc, char** argv) {
  hrctl::Args args(argc, argv, {"help", "json", "if-missing", "no-progress", "throttle", "repair"});
  return hrctl::Run(args);
}
