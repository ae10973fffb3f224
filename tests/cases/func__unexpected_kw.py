def connect(host, port=80):
    return f"{host}:{port}"

print(connect("example.org"))
print(connect("example.org", port=8080))
print(connect("example.org", timeout=5))
