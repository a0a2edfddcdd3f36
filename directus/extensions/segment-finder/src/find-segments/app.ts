/** How the «Найти заставки» operation appears in the flow editor of the admin app. */
export default {
  id: 'find-segments',
  name: 'Найти заставки',
  icon: 'content_cut',
  description: 'Ставит в очередь поиск заставок и титров в сериях дорам по звуку',
  overview: ({ keys }: { keys?: string }) => [{ label: 'Дорамы', text: keys ?? '' }],
  options: [
    { field: 'keys', name: 'Номера дорам', type: 'string', meta: { width: 'full', interface: 'input' } },
  ],
};
