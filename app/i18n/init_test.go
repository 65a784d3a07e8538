package i18n

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"testing"
)

// TestMessagesInVariables checks that every call of registerMessages is
// given a variable, not a map literal: see registerMessages.
func TestMessagesInVariables(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	for _, name := range files {
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "registerMessages" {
				return true
			}
			calls++
			for _, arg := range call.Args {
				if _, ok := arg.(*ast.Ident); !ok {
					t.Errorf("%s: registerMessages is given a literal: give it a package-level map variable", name)
				}
			}
			return true
		})
	}
	if calls == 0 {
		t.Error("no call of registerMessages found")
	}
}
