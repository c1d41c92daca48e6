#!/usr/bin/env python3
"""Static check of the layer rule of docs/architecture.md.

Usage: check_layers.py SRC_DIR   (the repository's src/; exit 1 on a violation)

Reads the layers and their order from SRC_DIR/CMakeLists.txt (its top-level
add_subdirectory(<layer>) lines) and what each layer links from
cncrypto_layer(<layer> DEPENDS ...) in SRC_DIR/<layer>/CMakeLists.txt. Every
header of a layer is one of three kinds:
  public     SRC_DIR/<layer>/include/...            included as the path below include/
  interface  SRC_DIR/<layer>/internal/<layer>/...   included as the path below internal/
  private    any other header of SRC_DIR/<layer>/   included relative to the layer folder
Then walks every source and header of each layer (and of SRC_DIR/tools, which may
use every layer's public and interface headers, and of SRC_DIR/capi, the C ABI:
the top layer, which may use every layer's public headers only, and whose own
headers, cncrypto.h, no layer and no tool may include) and reports
  - an #include of a header of a layer the including layer does not link
    (directly or through the layers it links): "upward" when that layer comes
    later in the order, "sideways" otherwise;
  - an #include of another layer's private header;
  - a public header that includes a non-public header (public headers are
    installed, the others are not);
  - an #include "..." that names no file of the tree (resolved like the compiler:
    beside the including file first, then the include directories), unless it is
    a system or third-party header (then it must use <...> or be found outside src)
    or a file the including layer generates at build time (add_custom_command OUTPUT
    in its CMakeLists.txt).
"""
import os
import re
import sys

INCLUDE_RE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
SOURCE_EXT = ('.h', '.hpp', '.inl', '.inc', '.cpp', '.cc', '.c', '.S', '.s')


def read_layers(src):
    order = []
    with open(os.path.join(src, 'CMakeLists.txt')) as f:
        for line in f:
            m = re.match(r'^add_subdirectory\((\w+)\)', line)  # top level only (tools is inside if())
            if m and os.path.isfile(os.path.join(src, m.group(1), 'CMakeLists.txt')):
                order.append(m.group(1))
    depends = {}
    for layer in order:
        with open(os.path.join(src, layer, 'CMakeLists.txt')) as f:
            text = f.read()
        m = re.search(r'cncrypto_layer\(\s*%s\b([^)]*)\)' % re.escape(layer), text)
        if not m:
            sys.exit('check_layers: no cncrypto_layer(%s ...) in src/%s/CMakeLists.txt' % (layer, layer))
        args = m.group(1).split()
        depends[layer] = args[args.index('DEPENDS') + 1:] if 'DEPENDS' in args else []
    return order, depends


def generated_files(src, layer):
    """Names of the files the layer's CMakeLists.txt generates at build time
    (add_custom_command(OUTPUT .../<name>)), e.g. the seed word tables of wallet:
    the layer's own sources may include them as "<name>"."""
    path = os.path.join(src, layer, 'CMakeLists.txt')
    if not os.path.isfile(path):
        return set()
    with open(path) as f:
        return set(re.findall(r'OUTPUT\s+\S*/([\w.+-]+)', f.read()))


def closure(layer, depends):
    seen, todo = set(), list(depends[layer])
    while todo:
        d = todo.pop()
        if d not in seen:
            seen.add(d)
            todo.extend(depends.get(d, []))
    return seen


TOP = 'capi'  # the C ABI (src/capi): above every layer and the tools


def classify(src, order):
    """Maps include spelling -> list of (layer, kind, absolute path); and absolute path -> (layer, kind)."""
    by_name, by_path = {}, {}
    for layer in order + ([TOP] if os.path.isdir(os.path.join(src, TOP)) else []):
        root = os.path.join(src, layer)
        for dirpath, _, files in os.walk(root):
            for name in files:
                if not name.endswith(('.h', '.hpp', '.inl', '.inc')):
                    continue
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, root).replace(os.sep, '/')
                if rel.startswith('include/'):
                    kind, spelled = 'public', rel[len('include/'):]
                elif rel.startswith('internal/'):
                    kind, spelled = 'interface', rel[len('internal/'):]
                else:
                    kind, spelled = 'private', rel
                by_name.setdefault(spelled, []).append((layer, kind, path))
                by_path[os.path.realpath(path)] = (layer, kind)
    return by_name, by_path


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    src = os.path.abspath(sys.argv[1])
    order, depends = read_layers(src)
    by_name, by_path = classify(src, order)
    problems = []
    checked = 0
    walk = [(layer, os.path.join(src, layer)) for layer in order]
    if os.path.isdir(os.path.join(src, 'tools')):
        walk.append(('tools', os.path.join(src, 'tools')))
    if os.path.isdir(os.path.join(src, TOP)):
        walk.append((TOP, os.path.join(src, TOP)))
    for layer, root in walk:
        if layer in ('tools', TOP):
            allowed = set(order)
        else:
            allowed = closure(layer, depends) | {layer}
        for dirpath, _, files in os.walk(root):
            for name in sorted(files):
                if not name.endswith(SOURCE_EXT):
                    continue
                path = os.path.join(dirpath, name)
                rel_file = os.path.relpath(path, os.path.dirname(src)).replace(os.sep, '/')
                own_kind = by_path.get(os.path.realpath(path), (layer, 'source'))[1]
                with open(path, errors='replace') as f:
                    lines = f.readlines()
                checked += 1
                for number, line in enumerate(lines, 1):
                    m = INCLUDE_RE.match(line)
                    if not m:
                        continue
                    quote, spelled = m.group(1), m.group(2)
                    where = '%s:%d: #include %s' % (rel_file, number, line.split('include', 1)[1].strip())
                    # Like the compiler: beside the including file first ("..." only), then -I dirs.
                    beside = os.path.realpath(os.path.join(dirpath, spelled))
                    if quote == '"' and os.path.isfile(beside):
                        if beside in by_path:
                            targets = [by_path[beside]]
                        elif beside.startswith(os.path.join(src, layer) + os.sep):
                            continue  # a source-level file of the same folder (e.g. a .inc)
                        else:
                            problems.append('%s: outside the layers' % where)
                            continue
                    else:
                        found = by_name.get(spelled, [])
                        # The include directories this file compiles with: every kind of
                        # its own layer, public and interface of the layers it links.
                        targets = [(l, k) for l, k, _ in found]
                        if not targets:
                            if quote == '"' and spelled in generated_files(src, layer):
                                continue  # generated at build time by this layer's CMakeLists.txt
                            if quote == '"':
                                problems.append('%s: names no header of src/ (use <...> for system '
                                                'and third-party headers)' % where)
                            continue
                    reachable = [(l, k) for l, k in targets
                                 if l == layer or (l in allowed and k != 'private'
                                                   and (layer != TOP or k == 'public'))]
                    if own_kind == 'public' and any(k != 'public' for _, k in (reachable or targets)):
                        problems.append('%s: a public header includes a non-public header (%s)' % (
                            where, ', '.join('%s of %s' % (k, l) for l, k in targets if k != 'public')))
                        continue
                    if reachable:
                        continue
                    l, k = targets[0]
                    if l == TOP:
                        problems.append('%s: upward include (%s, the C ABI, is the top layer)' % (where, TOP))
                    elif layer == TOP and k == 'interface':
                        problems.append('%s: the C ABI uses only the public headers of the layers '
                                        '(this is the interface of %s)' % (where, l))
                    elif k == 'private':
                        problems.append('%s: a private header of layer %s' % (where, l))
                    elif layer != 'tools' and order.index(l) > order.index(layer):
                        problems.append('%s: upward include (%s is above %s)' % (where, l, layer))
                    else:
                        problems.append('%s: %s does not link %s (sideways include)' % (where, layer, l))
    for p in problems:
        print(p)
    print('check_layers: %d files of %s checked, layers %s, %d problem(s)' % (
        checked, ', '.join(order + ['tools', TOP]), ' -> '.join(order + [TOP]), len(problems)))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
