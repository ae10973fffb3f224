# expect: exception AttributeError
type(1).__mro__
