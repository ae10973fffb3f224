class AppError(Exception):
    pass

class NotFound(AppError):
    def __init__(self, what, code=404):
        super().__init__(f"{what} not found")
        self.code = code

for exc in [NotFound("page"), AppError("generic"), ValueError("other")]:
    try:
        raise exc
    except NotFound as e:
        print("not found:", e, e.code, e.args, repr(e))
    except AppError as e:
        print("app:", type(e).__name__, e)
    except Exception as e:
        print("other:", e)
print(issubclass(NotFound, Exception), isinstance(NotFound("x"), AppError))
raise NotFound("file", code=410)
