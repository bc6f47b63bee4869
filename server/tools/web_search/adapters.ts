// web_search's part in a workup: searched only when the clinician's question asks for the web (the policy refuses it
// otherwise), on the record's topic.
import { webSearchContract } from '../../../common/contracts/tools';
import { searchTopic } from '../../agent/planner/search-topic';
import { questionAsks } from '../../agent/question';
import { defineAdapters } from '../adapter';

export const webSearchAdapters = defineAdapters({
  name: 'web_search',
  external: true,
  planner: () => ({
    start: ({ facts, question, nextId }) => ({
      calls: questionAsks(question).web
        ? [
            {
              id: nextId(),
              tool: webSearchContract.name,
              args: { query: searchTopic(facts), maxResults: 5 },
              reason: 'The question asks for information from the web',
            },
          ]
        : [],
    }),
  }),
});
