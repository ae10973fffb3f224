# expect: exception AttributeError
# io has StringIO and BytesIO (in-memory), nothing that opens a file.
import io
io.open('/etc/passwd')
