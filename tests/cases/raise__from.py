def load_config(data):
    try:
        return data["port"]
    except KeyError as e:
        raise RuntimeError("config is missing 'port'") from e

print(load_config({"port": 80}))
load_config({})
