// pubmed_search's part in a workup: searched only when the clinician's question asks for published evidence (the
// policy refuses it otherwise), on the record's topic.
import { pubmedSearchContract } from '../../../common/contracts/tools';
import { searchTopic } from '../../agent/planner/search-topic';
import { questionAsks } from '../../agent/question';
import { defineAdapters } from '../adapter';

export const pubmedSearchAdapters = defineAdapters({
  name: 'pubmed_search',
  external: true,
  planner: () => ({
    start: ({ facts, question, nextId }) => ({
      calls: questionAsks(question).literature
        ? [
            {
              id: nextId(),
              tool: pubmedSearchContract.name,
              args: { query: searchTopic(facts), maxResults: 5 },
              reason: 'The question asks for published or recent evidence',
            },
          ]
        : [],
    }),
  }),
});
