#!/usr/bin/env python3
"""Every member of the public model has a default: a scalar or enum member of a struct in
emulator/include/ddbemu/ declared without an initializer ("std::int64_t count;") would be left
indeterminate by `QueryRequest r;`, and reading it is undefined. Class-type members (strings,
vectors, optionals, maps, structs) default-construct and need none.

Usage: check_public_defaults.py [ROOT]   (exit 1 and a line per member when any lacks one)
       check_public_defaults.py --self-test
"""
import pathlib
import re
import sys

SCALARS = {'bool', 'char', 'int', 'unsigned', 'long', 'short', 'double', 'float', 'std::size_t',
           'std::ptrdiff_t'} | {f'std::{s}int{n}_t' for s in ('', 'u') for n in (8, 16, 32, 64)}
ENUM = re.compile(r'\benum\s+class\s+(\w+)')
# A data member: indentation, a type, a name, ';' (no '=', no '{', no '(').
MEMBER = re.compile(r'^\s+((?:const\s+)?[\w:]+)\s+(\w+)\s*;')


def problems(texts):
    enums = set()
    for text in texts.values():
        enums.update(ENUM.findall(text))
    found = []
    for path, text in texts.items():
        depth_struct = 0
        for n, line in enumerate(text.split('\n'), 1):
            code = line.split('//')[0]
            m = MEMBER.match(code)
            if not m:
                continue
            type_name = m.group(1).replace('const ', '')
            bare = type_name.split('::')[-1]
            if type_name in SCALARS or bare in enums:
                found.append(f'{path}:{n}: member `{m.group(2)}` of type {type_name} has no default')
    return found


def self_test():
    bad = {'a.h': 'enum class Kind { kA };\nstruct R {\n  Kind kind;\n  std::int64_t n;\n};\n'}
    good = {'b.h': 'enum class Kind { kA };\nstruct R {\n  Kind kind = Kind::kA;\n'
                   '  std::int64_t n = 0;\n  std::string s;\n  std::optional<int> o;\n'
                   '  bool ok() const;\n};\n'}
    assert len(problems(bad)) == 2, problems(bad)
    assert problems(good) == [], problems(good)
    print('check_public_defaults self-test: ok')


def main():
    if sys.argv[1:] == ['--self-test']:
        self_test()
        return 0
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else '.')
    headers = sorted((root / 'emulator/include/ddbemu').rglob('*.h'))
    texts = {str(p.relative_to(root)): p.read_text() for p in headers}
    found = problems(texts)
    for line in found:
        print(line)
    print(f'check_public_defaults: {len(headers)} headers, {len(found)} member(s) without a default')
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main())
