package tune

import (
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"sort"
	"strconv"
	"strings"

	"vireo/eval"
)

// DefaultsSource rewrites the source of eval/params.go so that its term
// table (var terms) carries p's values as the compiled-in defaults. Each
// entry keeps its group, name, index and doc; its values are replaced.
// Everything outside the table is kept byte for byte, and the result is
// gofmt'ed.
func DefaultsSource(src []byte, p *eval.Params) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "params.go", src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	var table *ast.CompositeLit
	for _, decl := range f.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			continue
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			if len(vs.Names) == 1 && vs.Names[0].Name == "terms" && len(vs.Values) == 1 {
				table, _ = vs.Values[0].(*ast.CompositeLit)
			}
		}
	}
	if table == nil {
		return nil, fmt.Errorf("no var terms = []Term{...} table")
	}
	byName := map[string]eval.Term{}
	for _, t := range eval.Terms() {
		byName[t.Name] = t
	}
	text := func(n ast.Node) string {
		return string(src[fset.Position(n.Pos()).Offset:fset.Position(n.End()).Offset])
	}
	type edit struct {
		from, to int
		with     string
	}
	var edits []edit
	seen := 0
	for _, el := range table.Elts {
		call, ok := el.(*ast.CallExpr)
		if !ok || len(call.Args) < 4 {
			return nil, fmt.Errorf("%s: unexpected table entry", fset.Position(el.Pos()))
		}
		lit, ok := call.Args[1].(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return nil, fmt.Errorf("%s: entry without a literal name", fset.Position(el.Pos()))
		}
		name, _ := strconv.Unquote(lit.Value)
		t, ok := byName[name]
		if !ok {
			return nil, fmt.Errorf("%s: term %s is not in this build's table", fset.Position(el.Pos()), name)
		}
		seen++
		head := fmt.Sprintf("%s, %s, %s, %s", text(call.Args[0]), text(call.Args[1]), text(call.Args[2]), text(call.Args[3]))
		edits = append(edits, edit{fset.Position(call.Pos()).Offset, fset.Position(call.End()).Offset, entrySource(t, head, p)})
	}
	if seen != len(byName) {
		return nil, fmt.Errorf("table has %d terms, this build %d", seen, len(byName))
	}
	sort.Slice(edits, func(a, b int) bool { return edits[a].from > edits[b].from })
	out := append([]byte(nil), src...)
	for _, e := range edits {
		out = append(out[:e.from:e.from], append([]byte(e.with), out[e.to:]...)...)
	}
	return format.Source(out)
}

// entrySource is the table entry for term t with p's values.
func entrySource(t eval.Term, head string, p *eval.Params) string {
	var vals []string
	for i := t.Index; i < t.Index+t.Len; i++ {
		switch t.Kind {
		case eval.Pair:
			vals = append(vals, fmt.Sprintf("S(%d, %d)", p.Pairs[i].MG, p.Pairs[i].EG))
		case eval.EgOnly:
			vals = append(vals, strconv.Itoa(p.Pairs[i].EG))
		case eval.Scalar:
			vals = append(vals, strconv.Itoa(p.Scalars[i]))
		}
	}
	fn := map[eval.Kind][2]string{eval.Pair: {"p1", "pn"}, eval.EgOnly: {"e1", "en"}, eval.Scalar: {"k1", "kn"}}[t.Kind]
	if !t.Array {
		return fmt.Sprintf("%s(%s, %s)", fn[0], head, vals[0])
	}
	if len(vals) <= 8 {
		return fmt.Sprintf("%s(%s, %s)", fn[1], head, strings.Join(vals, ", "))
	}
	// Long arrays (placement tables: a1..h1 first) eight to a line.
	var b strings.Builder
	fmt.Fprintf(&b, "%s(%s,\n", fn[1], head)
	for i := 0; i < len(vals); i += 8 {
		b.WriteString(strings.Join(vals[i:min(i+8, len(vals))], ", ") + ",\n")
	}
	b.WriteString(")")
	return b.String()
}
