# expect: exception ModuleNotFoundError
import socket
socket.create_connection(('example.com', 80))
