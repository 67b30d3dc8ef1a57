package onnxenc_test

import (
	"encoding/binary"
	"errors"
	"math"
	"testing"

	"github.com/gomlx/onnx-gomlx/onnx"

	"github.com/sextant-dev/sextant/internal/embedmodel/onnxenc"
)

func gatherModel(table []float32, rows int64) onnxenc.Model {
	dyn := []onnxenc.Dim{{Param: "batch"}, {Param: "sequence"}}
	return onnxenc.Model{Opset: 13, ProducerName: "test", Graph: onnxenc.Graph{
		Name:         "g",
		Nodes:        []onnxenc.Node{{Op: "Gather", Name: "lookup", Inputs: []string{"emb", "input_ids"}, Outputs: []string{"out"}, Attrs: []onnxenc.Attr{onnxenc.IntAttr("axis", 0)}}},
		Initializers: []onnxenc.Tensor{{Name: "emb", Dims: []int64{rows, int64(len(table)) / rows}, Float32: table}},
		Inputs:       []onnxenc.Value{{Name: "input_ids", Type: onnxenc.Int64, Shape: dyn}},
		Outputs:      []onnxenc.Value{{Name: "out", Type: onnxenc.Float, Shape: append(dyn[:2:2], onnxenc.Dim{Value: 2})}},
	}}
}

// The encoded bytes parse with the ONNX reader hugot uses, with names,
// shapes, node attributes and tensor data intact.
func TestMarshalParses(t *testing.T) {
	table := []float32{1, 2, 3, 4.5, -6, float32(math.Pi)}
	m := gatherModel(table, 3)
	data, err := m.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := onnx.Parse(data)
	if err != nil {
		t.Fatalf("onnx.Parse: %v", err)
	}
	if len(parsed.InputsNames) != 1 || parsed.InputsNames[0] != "input_ids" {
		t.Errorf("inputs = %v", parsed.InputsNames)
	}
	if len(parsed.OutputsNames) != 1 || parsed.OutputsNames[0] != "out" {
		t.Errorf("outputs = %v", parsed.OutputsNames)
	}
	if got := parsed.OutputsShapes[0].Dimensions; len(got) != 3 || got[2] != 2 || got[0] >= 0 {
		t.Errorf("output dims = %v, want [dynamic dynamic 2]", got)
	}
	p := &parsed.Proto
	if p.IrVersion != onnxenc.IRVersion || p.OpsetImport[0].Version != 13 {
		t.Errorf("ir %d opset %v", p.IrVersion, p.OpsetImport)
	}
	node := p.Graph.Node[0]
	if node.OpType != "Gather" || node.Attribute[0].Name != "axis" || node.Attribute[0].I != 0 {
		t.Errorf("node = %v", node)
	}
	init := p.Graph.Initializer[0]
	if init.Dims[0] != 3 || init.Dims[1] != 2 || init.DataType != int32(onnxenc.Float) {
		t.Errorf("initializer dims %v type %d", init.Dims, init.DataType)
	}
	for i, want := range table {
		if got := math.Float32frombits(binary.LittleEndian.Uint32(init.RawData[4*i:])); got != want {
			t.Errorf("value %d = %g, want %g", i, got, want)
		}
	}
}

func TestMarshalRejectsBadTensors(t *testing.T) {
	m := gatherModel([]float32{1, 2, 3, 4, 5, 6}, 3)
	m.Graph.Initializers[0].Dims = []int64{4, 2}
	if _, err := m.Marshal(); !errors.Is(err, onnxenc.ErrInvalid) {
		t.Errorf("size mismatch: err = %v", err)
	}
	m = gatherModel([]float32{1, 2}, 1)
	m.Opset = 0
	if _, err := m.Marshal(); !errors.Is(err, onnxenc.ErrInvalid) {
		t.Errorf("no opset: err = %v", err)
	}
}
