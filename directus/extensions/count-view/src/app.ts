/** How the view counter appears in the flow editor of the admin app. */
export default {
  id: 'count-view',
  name: 'Засчитать просмотр',
  icon: 'visibility',
  description: 'Атомарно увеличивает счётчик просмотров тайтла',
  overview: ({ titleId }: { titleId?: string }) => [{ label: 'Тайтл', text: titleId ?? '' }],
  options: [
    { field: 'titleId', name: 'ID тайтла', type: 'string', meta: { width: 'full', interface: 'input' } },
  ],
};
