def walk(node, depth):
    if node is None:
        raise LookupError(f"dead end at depth {depth}")
    return walk(node.get("next"), depth + 1)

walk({"next": {"next": None}}, 0)
