// Copyright 2021 FerretDB Inc.
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
//
//     http://www.apache.org/licenses/LICENSE-2.0
//
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.

package handler

// Helpers of Sweat Credits' tests of its patches (local-store/tests), in this package.

import (
	"context"
	"log/slog"
	"testing"

	"github.com/FerretDB/wire"
	"github.com/stretchr/testify/require"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/backends/sqlite"
	"github.com/FerretDB/FerretDB/internal/clientconn/conninfo"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/iterator"
	"github.com/FerretDB/FerretDB/internal/util/must"
	"github.com/FerretDB/FerretDB/internal/util/state"
	"github.com/FerretDB/FerretDB/internal/util/testutil"
)

// testStore is a handler on a new SQLite backend, and the database and collection a test uses.
type testStore struct {
	h          *Handler
	uri        string // the backend's URI: a directory of SQLite files
	db         string
	collection string
}

// newTestStore returns a handler on a new SQLite backend in a directory of its own.
func newTestStore(t *testing.T) *testStore {
	t.Helper()

	sp, err := state.NewProvider("")
	require.NoError(t, err)

	uri := testutil.TestSQLiteURI(t, "")
	l := testutil.LevelLogger(t, slog.LevelWarn) // every statement's debug lines slow a test of hundreds

	b, err := sqlite.NewBackend(&sqlite.NewBackendParams{URI: uri, L: l, P: sp, BatchSize: 100})
	require.NoError(t, err)
	t.Cleanup(b.Close)

	h, err := New(&NewOpts{Backend: b, L: l, StateProvider: sp})
	require.NoError(t, err)
	t.Cleanup(h.Close)

	return &testStore{h: h, uri: uri, db: testutil.DatabaseName(t), collection: testutil.CollectionName(t)}
}

// command runs a command (update, findAndModify…) on the test's database and returns its reply.
func (s *testStore) command(ctx context.Context, run func(context.Context, *wire.OpMsg) (*wire.OpMsg, error), cmd *types.Document) (*types.Document, error) { //nolint:lll // for readability
	cmd.Set("$db", s.db)

	// As a client connection's context (commands such as find read it).
	reply, err := run(conninfo.Ctx(ctx, conninfo.New()), must.NotFail(documentOpMsg(cmd)))
	if err != nil {
		return nil, err
	}

	return opMsgDocument(reply)
}

// update sends one update command of the given statements ({q, u[, upsert]} documents).
func (s *testStore) update(ctx context.Context, statements ...any) (*types.Document, error) {
	return s.command(ctx, s.h.MsgUpdate, must.NotFail(types.NewDocument(
		"update", s.collection,
		"updates", must.NotFail(types.NewArray(statements...)),
	)))
}

// insert writes the documents to the test's collection.
func (s *testStore) insert(t *testing.T, docs ...*types.Document) {
	t.Helper()

	c, err := must.NotFail(s.h.b.Database(s.db)).Collection(s.collection)
	require.NoError(t, err)

	_, err = c.InsertAll(testutil.Ctx(t), &backends.InsertAllParams{Docs: docs})
	require.NoError(t, err)
}

// get returns the document of the test's collection with the given _id.
func (s *testStore) get(t *testing.T, id any) *types.Document {
	t.Helper()

	c, err := must.NotFail(s.h.b.Database(s.db)).Collection(s.collection)
	require.NoError(t, err)

	res, err := c.Query(testutil.Ctx(t), &backends.QueryParams{Filter: must.NotFail(types.NewDocument("_id", id))})
	require.NoError(t, err)

	docs, err := iterator.ConsumeValues(res.Iter)
	require.NoError(t, err)

	for _, doc := range docs {
		if must.NotFail(doc.Get("_id")) == id {
			return doc
		}
	}

	return nil
}

// statement is one statement of an update command.
func statement(filter, update *types.Document, upsert bool) *types.Document {
	return must.NotFail(types.NewDocument("q", filter, "u", update, "upsert", upsert))
}

// doc is a shorter types.NewDocument for tests.
func doc(pairs ...any) *types.Document {
	return must.NotFail(types.NewDocument(pairs...))
}
