# expect: exception AttributeError
class A:
    def __init__(self):
        pass

A().__init__.__globals__
