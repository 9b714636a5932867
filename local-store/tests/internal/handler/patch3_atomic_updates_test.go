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

// Sweat Credits' patch 3 (local-store/patches/3-*.patch): commands that read documents and write
// them back (update, findAndModify, delete) take turns, so concurrent updates of one document are
// not lost.

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/FerretDB/FerretDB/internal/util/testutil"
)

func TestConcurrentUpdatesOfOneDocument(t *testing.T) {
	t.Parallel()

	const n = 100

	for name, send := range map[string]func(ctx context.Context, s *testStore) error{
		"Update": func(ctx context.Context, s *testStore) error {
			_, err := s.update(ctx, statement(doc("_id", int32(1)), doc("$inc", doc("n", int32(1))), false))
			return err
		},
		"FindAndModify": func(ctx context.Context, s *testStore) error {
			_, err := s.command(ctx, s.h.MsgFindAndModify, doc(
				"findAndModify", s.collection, "query", doc("_id", int32(1)), "update", doc("$inc", doc("n", int32(1))),
			))
			return err
		},
	} {
		name, send := name, send
		t.Run(name, func(t *testing.T) {
			t.Parallel()

			ctx := testutil.Ctx(t)
			s := newTestStore(t)
			s.insert(t, doc("_id", int32(1), "n", int32(0)))

			var wg sync.WaitGroup
			errs := make(chan error, n)

			for i := 0; i < n; i++ {
				wg.Add(1)

				go func() {
					defer wg.Done()
					errs <- send(ctx, s)
				}()
			}

			wg.Wait()
			close(errs)

			for err := range errs {
				require.NoError(t, err)
			}

			got, err := s.get(t, int32(1)).Get("n")
			require.NoError(t, err)
			assert.Equal(t, int32(n), got, "every $inc counts")
		})
	}
}
