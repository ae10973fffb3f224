# expect: exception E9999
classes = [type(f"E{i}", (Exception,), {}) for i in range(10000)]
raise classes[-1]("last")
