/** How the view counter appears in the flow editor of the admin app. */
export default {
  id: 'count-view',
  name: 'Засчитать просмотр',
  icon: 'visibility',
  description: 'Атомарно увеличивает счётчик просмотров дорамы',
  overview: ({ titleId }: { titleId?: string }) => [{ label: 'Дорама', text: titleId ?? '' }],
  options: [
    { field: 'titleId', name: 'Номер дорамы', type: 'string', meta: { width: 'full', interface: 'input' } },
  ],
};
