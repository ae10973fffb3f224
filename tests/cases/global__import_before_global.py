# an import binding may precede a `global` declaration of the same name
def use_json():
    import json

    global json
    return json.dumps([1])


print(use_json())
print(json.dumps({"a": 1}))
