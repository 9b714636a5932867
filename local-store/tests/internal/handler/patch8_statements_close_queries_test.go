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

// Sweat Credits' patch 8 (local-store/patches/8-*.patch): each statement of an update command
// closes its query when it is done, so a command of more statements than the backend's pool has
// connections (100) does not wait for a connection forever.

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
	"github.com/FerretDB/FerretDB/internal/util/testutil"
)

func TestUpdateOfManyStatements(t *testing.T) {
	t.Parallel()

	const n = 250 // as a bulkWrite of the ledger's cache moves under load

	s := newTestStore(t)

	docs := make([]*types.Document, n)
	statements := make([]any, n)

	for i := range statements {
		docs[i] = doc("_id", int32(i), "seq", int32(0))
		statements[i] = statement(doc("_id", int32(i), "seq", doc("$lt", int32(1))), doc("$set", doc("seq", int32(1))), false)
	}

	s.insert(t, docs...)

	// Without the patch the command waits for a connection until this deadline.
	ctx, cancel := context.WithTimeout(testutil.Ctx(t), 30*time.Second)
	defer cancel()

	reply, err := s.update(ctx, statements...)
	require.NoError(t, err)
	assert.Equal(t, int32(n), must.NotFail(reply.Get("nModified")))

	for i := 0; i < n; i += 50 {
		assert.Equal(t, int32(1), must.NotFail(s.get(t, int32(i)).Get("seq")))
	}
}
