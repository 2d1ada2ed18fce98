//go:build amd64

package algo

var useAVX2 = cpuHasAVX2()

//go:noescape
func cpuHasAVX2() bool

// IndexByteTwo returns the index of the first b1 or b2 in s, or -1.
//
//go:noescape
func IndexByteTwo(s []byte, b1, b2 byte) int

// LastIndexByteTwo is IndexByteTwo from the end.
func LastIndexByteTwo(s []byte, b1, b2 byte) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == b1 || s[i] == b2 {
			return i
		}
	}
	return -1
}
