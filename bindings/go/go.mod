module github.com/monty-sandbox/monty/bindings/go

go 1.23

require github.com/tetratelabs/wazero v1.9.0
