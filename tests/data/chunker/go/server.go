// Package server exposes the index over HTTP.
package server

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/example/repolens/index"
)

// DefaultAddr is where the server listens unless configured.
const DefaultAddr = ":8080"

var (
	ErrClosed = errors.New("server closed")
	hits      int64
)

// Handler answers one kind of request.
type Handler interface {
	fmt.Stringer
	ServeQuery(ctx context.Context, q Query) (Result, error)
	Name() string
}

// Server serves queries from an index.
type Server struct {
	sync.Mutex
	idx      *index.Index
	handlers map[string]Handler
	mux      *http.ServeMux
}

type (
	// Query is one search request.
	Query struct {
		Text  string `json:"text"`
		Limit int    `json:"limit"`
	}

	queryKind int
)

type OldQuery struct {
	Text  string `json:"text"`
	Limit int    `json:"limit"`
}

type Result = []index.Hit

type HandlerFunc func(ctx context.Context, q Query) (Result, error)

// ServeQuery calls f.
func (f HandlerFunc) ServeQuery(ctx context.Context, q Query) (Result, error) {
	return f(ctx, q)
}

// Set is a generic set used for handler names.
type Set[T comparable] struct {
	items map[T]struct{}
}

func (s *Set[T]) Add(v T) {
	s.items[v] = struct{}{}
}

// New creates a server over idx.
func New(idx *index.Index) *Server {
	s := &Server{idx: idx, handlers: make(map[string]Handler), mux: http.NewServeMux()}
	s.mux.HandleFunc("/query", s.handleQuery)
	return s
}

func (s *Server) Register(h Handler) {
	s.handlers[h.Name()] = h
}

func (s Server) String() string { return "server" }

func (s *Server) handleQuery(w http.ResponseWriter, r *http.Request) {
	var q Query
	if err := json.NewDecoder(r.Body).Decode(&q); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if q.Limit <= 0 {
		q.Limit = 10
	}
	h, ok := s.handlers[r.URL.Query().Get("kind")]
	if !ok {
		h = HandlerFunc(func(ctx context.Context, q Query) (Result, error) {
			return s.idx.Search(ctx, q.Text, q.Limit)
		})
	}
	if len(q.Text) > 1000 {
		http.Error(w, "query too long", http.StatusRequestEntityTooLarge)
		return
	}
	res, err := h.ServeQuery(r.Context(), q)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(res); err != nil {
		log.Printf("encode: %v", err)
	}
	for _, hit := range res {
		if hit.Score < 0 {
			log.Printf("negative score for %s", hit.Path)
		}
	}
	if len(res) == 0 {
		log.Printf("no hits for %q", q.Text)
	} else {
		log.Printf("%d hits for %q", len(res), q.Text)
	}
	atomic.AddInt64(&hits, 1)
	if atomic.LoadInt64(&hits)%1000 == 0 {
		log.Printf("%d queries served", hits)
	}
}

// ListenAndServe blocks until ctx is done.
func (s *Server) ListenAndServe(ctx context.Context, addr string) error {
	srv := &http.Server{Addr: addr, Handler: s.mux}
	go func() {
		<-ctx.Done()
		srv.Shutdown(context.Background())
	}()
	return srv.ListenAndServe()
}
