# expect: exception AttributeError
object.__subclasses__()
