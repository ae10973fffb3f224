# expect: exception AttributeError
try:
    1 / 0
except ZeroDivisionError as e:
    e.__traceback__.tb_frame.f_back.f_globals
