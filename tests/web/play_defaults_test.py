#!/usr/bin/env python3
"""The play page's defaults against the .proto files (docs/web.md "Lean replies on the play page's
methods"), without a server:

  python3 tests/web/play_defaults_test.py

WatchSeat's SeatUpdates and Act's ActResponse arrive without their default-valued fields, and
services/web/static/js/play/defaults.js fills them in. This walks every message those two replies
reach in proto/skat/v1 and fails when defaults.js's SCHEMA misses a field, names one the message
does not have, or gives a wrong default (0, '', false, [], '0' for 64-bit integers, an enum's first
value). So a field added to the .proto later cannot reach the page undefined. SCHEMA is read with
node (the ESLint dependency, deploy/install-deps).
"""
import json
import os
import re
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from play_defaults import DEFAULTS, REPO, page_schema, with_defaults  # noqa: E402

PROTO = os.path.join(REPO, 'proto', 'skat', 'v1')
ROOTS = ('SeatUpdate', 'ActResponse')
INT64 = {'int64', 'uint64', 'sint64', 'fixed64', 'sfixed64'}
NUMBERS = {'int32', 'uint32', 'sint32', 'fixed32', 'sfixed32', 'double', 'float'}


def json_name(name):
    """protobuf's lowerCamelCase JSON name of a field."""
    head, *rest = name.split('_')
    return head + ''.join(part[:1].upper() + part[1:] for part in rest)


def parse_protos():
    """{message name: [(repeated, type, field name)]} and {enum name: first value} of every
    .proto in proto/skat/v1; nested types by their own short name (they are unique here)."""
    messages, enums = {}, {}
    for file in sorted(os.listdir(PROTO)):
        if not file.endswith('.proto'):
            continue
        with open(os.path.join(PROTO, file)) as f:
            text = re.sub(r'//[^\n]*', '', f.read())
        stack = []  # ('message' | 'enum' | 'other', name)
        for token in re.finditer(r'(message|enum|service|oneof)\s+(\w+)\s*\{|\{|\}|([^{};]+);',
                                 text):
            if token.group(1):
                stack.append((token.group(1), token.group(2)))
                if token.group(1) == 'message':
                    messages[token.group(2)] = []
                elif token.group(1) == 'enum':
                    enums[token.group(2)] = None
            elif token.group(0) == '{':
                stack.append(('other', ''))
            elif token.group(0) == '}':
                stack.pop()
            elif stack:
                kind, name = stack[-1] if stack[-1][0] != 'oneof' else stack[-2]
                statement = token.group(3).strip()
                if kind == 'enum':
                    m = re.match(r'(\w+)\s*=\s*0\b', statement)
                    if m and enums[name] is None:
                        enums[name] = m.group(1)
                elif kind == 'message':
                    m = re.match(r'(repeated\s+)?([\w.]+)\s+(\w+)\s*=\s*\d+', statement)
                    if m:
                        messages[name].append((bool(m.group(1)), m.group(2).split('.')[-1],
                                               m.group(3)))
    return messages, enums


def expected_schema():
    messages, enums = parse_protos()
    schema, todo = {}, list(ROOTS)
    while todo:
        name = todo.pop()
        if name in schema:
            continue
        fields = schema[name] = {}
        for repeated, kind, field in messages[name]:
            if kind in messages:
                value = {'message': kind}
                todo.append(kind)
            elif kind in enums:
                value = enums[kind]
            elif kind in INT64:
                value = '0'
            elif kind in NUMBERS:
                value = 0
            elif kind == 'bool':
                value = False
            elif kind in ('string', 'bytes'):
                value = ''
            else:
                raise AssertionError('%s.%s: unknown type %s' % (name, field, kind))
            if repeated:
                value = [value] if isinstance(value, dict) else []
            fields[json_name(field)] = value
    return schema


class PlayDefaultsTest(unittest.TestCase):
    def test_the_parser_reads_the_fields_it_must(self):
        messages, enums = parse_protos()
        self.assertEqual(messages['SeatUpdate'], [(False, 'SeatView', 'view'),
                                                  (False, 'bool', 'table_finished')])
        self.assertEqual(enums['Kind'], 'KIND_UNSPECIFIED')
        self.assertEqual(len(messages['SeatView']), 33)

    def test_every_field_the_hot_replies_reach_has_its_default(self):
        want, have = expected_schema(), page_schema()
        self.assertEqual(sorted(have), sorted(want))
        for message in sorted(want):
            self.assertEqual(sorted(have[message]), sorted(want[message]), message)
            for field, value in want[message].items():
                self.assertEqual(have[message][field], value, '%s.%s' % (message, field))
        self.assertEqual(have['SeatView']['phase'], 'PHASE_UNSPECIFIED')
        self.assertEqual(have['ActResponse']['sequence'], '0')

    def test_a_fresh_board_at_act_0_reads_as_every_other_reply(self):
        lean = {'view': {'boardNumber': 1, 'currentTrick': {},
                         'legalActs': [{'type': 'ACT_TYPE_PASS'}]}}
        update = with_defaults(json.loads(json.dumps(lean)), 'SeatUpdate')
        # The page's own function gives the same.
        script = ('import(process.argv[1]).then((m) => console.log(JSON.stringify('
                  'm.withSeatDefaults(JSON.parse(process.argv[2])))));')
        run = subprocess.run(['node', '-e', script, 'file://' + DEFAULTS, json.dumps(lean)],
                             capture_output=True, text=True, timeout=60, check=True)
        self.assertEqual(json.loads(run.stdout), update)
        view = update['view']
        self.assertEqual((view['boardIndex'], view['actCount'], view['phase'], view['hand']),
                         (0, 0, 'PHASE_UNSPECIFIED', []))
        self.assertEqual(update['tableFinished'], False)
        self.assertEqual(view['currentTrick'], {'leader': 'DIRECTION_UNSPECIFIED', 'cards': []})
        self.assertEqual(view['legalActs'][0]['bid'], 0)
        self.assertNotIn('result', view)
        self.assertNotIn('proposal', view)


if __name__ == '__main__':
    unittest.main(argv=sys.argv[:1], verbosity=2)
